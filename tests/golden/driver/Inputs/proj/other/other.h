// Included as "other.h" by other/app.cu: found through the -iquote of the
// second input's directory.  (Two inputs of one command that include
// different headers of the same name would both get the first directory's:
// see docs/driver.md, "Limits".)
#define OTHER_BUMP 1
