/* The table of report kinds (see ld_rt_kind.h).  Host code, plain C. */
#include "ld_rt_kind.h"

#include <stddef.h>

struct kind_row {
  const char *name, *memory, *title, *description;
  int is_race;
};

static const struct kind_row kinds[LD_RT_NKINDS] = {
#define LD_RT_KIND_ROW(kind, name, race, memory, title, description)           \
  [kind] = {name, memory, title, description, race},
    LD_RT_KIND_TABLE(LD_RT_KIND_ROW)
#undef LD_RT_KIND_ROW
};

static const struct kind_row *kind_of(uint32_t kind) {
  return &kinds[kind < LD_RT_NKINDS && kinds[kind].name ? kind : 0];
}

const char *ld_rt_kind_name(uint32_t kind) {
  return kind_of(kind)->name;
}
int ld_rt_kind_is_race(uint32_t kind) {
  return kind_of(kind)->is_race;
}
const char *ld_rt_kind_memory(uint32_t kind) {
  return kind_of(kind)->memory;
}
const char *ld_rt_kind_title(uint32_t kind) {
  return kind_of(kind)->title;
}
const char *ld_rt_kind_description(uint32_t kind) {
  return kind_of(kind)->description;
}
