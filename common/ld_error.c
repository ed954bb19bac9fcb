/* Messages for the LD_E* status codes (see ld_error.h).  Host code only. */
#include "ld_error.h"

const char *ld_strerror(int status) {
  switch (status) {
  case LD_OK:
    return "success";
#define LD_ERROR_CASE(name, value, text)                                       \
  case name:                                                                   \
    return text;
    LD_ERROR_TABLE(LD_ERROR_CASE)
#undef LD_ERROR_CASE
  }
  return "unknown error";
}
