// Found only through -I on the parser's command line (clang_args.cu).
#pragma once
#ifndef TILE
#error "TILE must be defined on the command line"
#endif
typedef float tile_t[TILE][TILE];
