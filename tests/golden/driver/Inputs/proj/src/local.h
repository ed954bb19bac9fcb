// Found through #include "local.h" from src/app.cu: the translated copy
// lives elsewhere, so this proves the original directory is searched.
#define LOCAL_SCALE 3
