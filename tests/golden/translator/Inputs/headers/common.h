// Host-only definitions: never pasted, included from where it lies.
#ifndef COMMON_H
#define COMMON_H
#define SCALE 2
#endif
