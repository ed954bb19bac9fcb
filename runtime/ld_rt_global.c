/* The host logic of the check across blocks that needs no CUDA (see
 * ld_rt_global.h).  Host code, plain C. */
#include "ld_rt_global.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_error.h"
#include "ld_rt_gmerge.h"

static uint64_t round_up(uint64_t x, uint64_t a) {
  return (x + a - 1) / a * a;
}

static const char *param_name(const struct __ldcc_global_meta *m, unsigned i) {
  const char *n = m->param_names ? m->param_names[i] : NULL;
  return n && *n ? n : "?";
}

/* Entries of the parameter tables: the parameters, then the written
 * __device__ variables (global.h, __ldcc_global_meta.vars). */
static unsigned slots(const struct __ldcc_global_meta *m) {
  return m->nparams + m->nvars;
}

/* The same with the pointers found inside by-value class arguments
 * (p->fields), which follow. */
static unsigned nslots(const struct __ldcc_global_meta *m,
                       const struct ld_rt_gplan *p) {
  return slots(m) + p->nfields;
}

/* Whether entry i has an argument: a parameter the launch passed (not one
 * left to its default), a variable, or a pointer inside a parameter. */
static int has_arg(const struct __ldcc_global_meta *m,
                   const struct ld_rt_gplan *p, unsigned nargs, unsigned i) {
  return i < m->nparams ? i < nargs : i < nslots(m, p);
}

/* Entry i's flags and pointer ordinal: the metadata's, or for a pointer
 * inside a parameter a written pointer, claimed (by its address) and
 * reached by atomics alone when its parameter is (a direct kernel's,
 * docs/global-check.md "Pointers inside parameters"). */
static unsigned slot_flags(const struct __ldcc_global_meta *m,
                           const struct ld_rt_gplan *p, unsigned i) {
  unsigned of;

  if (i < slots(m))
    return m->param_flags[i];
  /* A pointer inside a class argument: written unless the kernel only
   * reads through the class's pointers (__LDCC_GP_FIELDS_READ). */
  of = m->param_flags[p->fields[i - slots(m)].param];
  return __LDCC_GP_POINTER |
         (of & __LDCC_GP_FIELDS_READ ? 0u : __LDCC_GP_WRITTEN) |
         (of & (__LDCC_GP_CLAIMED | __LDCC_GP_ATOMIC));
}

static int slot_ptr(const struct __ldcc_global_meta *m,
                    const struct ld_rt_gplan *p, unsigned i) {
  return i < slots(m) ? m->param_ptr[i] : (int)p->fields[i - slots(m)].ordinal;
}

const struct __ldcc_global_arg *
ld_rt_global_slot_arg(const struct __ldcc_global_meta *m,
                      const struct __ldcc_global_arg *args,
                      const struct ld_rt_gplan *p, unsigned i) {
  return i < slots(m) ? &args[i] : &p->fargs[i - slots(m)];
}

const char *ld_rt_global_slot_name(const struct __ldcc_global_meta *m,
                                   const struct ld_rt_gplan *p, unsigned i) {
  return i < slots(m) ? param_name(m, i) : p->fields[i - slots(m)].name;
}

/* Whether v could be an address (docs/global-check.md, "Pointers inside
 * parameters"): a value the registry does not know that looks like one
 * leaves the launch unchecked, never silently checked. */
static int looks_like_address(uint64_t v) {
  return v && v % 8 == 0 && v >= (1ull << 32) && v < (1ull << 48);
}

/* Names of pointers inside parameters, interned: a report's context keeps
 * them after the launch (as it keeps the metadata's names). */
static pthread_mutex_t names_lock = PTHREAD_MUTEX_INITIALIZER;
struct field_name {
  struct field_name *next;
  char text[40];
};
static struct field_name *names;

static const char *intern_name(const char *text) {
  struct field_name *n;
  const char *r = "a pointer inside a parameter";

  pthread_mutex_lock(&names_lock);
  for (n = names; n && strcmp(n->text, text); n = n->next)
    ;
  if (!n && (n = malloc(sizeof *n)) != NULL) {
    snprintf(n->text, sizeof n->text, "%s", text);
    n->next = names;
    names = n;
  }
  if (n)
    r = n->text;
  pthread_mutex_unlock(&names_lock);
  return r;
}

/* Add the pointer w at byte off of parameter i's argument; 0 with why
 * when there is no room for it. */
static int add_field(const struct __ldcc_global_meta *m, struct ld_rt_gplan *p,
                     unsigned i, uint32_t off, uint64_t w, uint32_t ordinal,
                     char *why, size_t whysize) {
  struct ld_rt_gfield *f = &p->fields[p->nfields];
  struct __ldcc_global_arg *a = &p->fargs[p->nfields];
  char text[40];

  if (p->nfields == __LDCC_GMAX_PATCH || ordinal >= __LDCC_GMAX_PTRS) {
    snprintf(why, whysize,
             "more than %d pointers (parameters, written variables and "
             "pointers inside parameter %s)",
             __LDCC_GMAX_PTRS, param_name(m, i));
    return 0;
  }
  f->param = i;
  f->offset = off;
  f->ordinal = ordinal;
  snprintf(text, sizeof text, "%s+%u", param_name(m, i), off);
  f->name = intern_name(text);
  memset(a, 0, sizeof *a);
  a->ptr = (const void *)(uintptr_t)w;
  a->is_pointer = 1;
  a->elem_size = 1; /* its type is unknown: indices in bytes */
  a->value_kind = __LDCC_VK_OTHER;
  p->nfields++;
  return 1;
}

/* What field_word needs of ld_rt_global_fields. */
struct field_scan {
  const struct __ldcc_global_meta *m;
  struct ld_rt_gplan *p;
  struct ld_rt_registry *reg;
  uint32_t ordinal; /* the next pointer ordinal */
  char *why;
  size_t whysize;
};

/* The pointer at byte off of parameter i's argument, which the kernel's
 * type says is one: an entry when it points into an allocation, nothing
 * when null or __constant__, else (unknown memory) 0 with why. */
static int field_word(struct field_scan *f, unsigned i,
                      const unsigned char *bytes, uint32_t off) {
  struct ld_rt_alloc a;
  uint64_t w;

  memcpy(&w, bytes + off, sizeof w);
  if (!w)
    return 1;
  if (f->reg && ld_rt_registry_find(f->reg, w, &a) == LD_OK) {
    if (a.kind == LD_RT_ALLOC_CONSTANT_VAR)
      return 1;
    return add_field(f->m, f->p, i, off, w, f->ordinal++, f->why, f->whysize);
  }
  snprintf(f->why, f->whysize,
           "unknown memory behind a pointer inside parameter %s (byte %u of "
           "it: not from the cudaMalloc family or a __device__ variable)",
           param_name(f->m, i), (unsigned)off);
  return 0;
}

int ld_rt_global_fields(const struct __ldcc_global_meta *m,
                        const struct __ldcc_global_arg *args, unsigned nargs,
                        struct ld_rt_registry *reg, struct ld_rt_gplan *p,
                        char *why, size_t whysize) {
  uint32_t ordinal = 0;
  unsigned i;

  p->nfields = 0;
  for (i = 0; i < slots(m); i++)
    if (m->param_ptr[i] >= 0 && (uint32_t)m->param_ptr[i] >= ordinal)
      ordinal = (uint32_t)m->param_ptr[i] + 1;
  const uint32_t *at = m->field_at;

  for (i = 0; i < m->nparams; i++) {
    const unsigned char *bytes;
    uint64_t off, n;
    int scan = 1;

    if (!(m->param_flags[i] & __LDCC_GP_FIELDS))
      continue;
    /* The offsets its type gives (field_at), else every 8-aligned word. */
    if (at) {
      scan = *at == __LDCC_FIELD_SCAN;
      if (scan)
        at++;
    }
    if (i >= nargs) {
      snprintf(why, whysize, "parameter %s takes a default argument",
               param_name(m, i));
      return 0;
    }
    bytes = (const unsigned char *)args[i].bytes;
    n = bytes ? args[i].nbytes : 0;
    if (!scan) {
      struct field_scan f = {m, p, reg, ordinal, why, whysize};
      for (; *at != __LDCC_FIELD_END; at++)
        if (*at + 8 <= n && !field_word(&f, i, bytes, *at))
          return 0;
      ordinal = f.ordinal;
      at++;
      continue;
    }
    /* Words at 8-byte aligned addresses: where a pointer member lives. */
    for (off = (8 - (uintptr_t)bytes % 8) % 8; off + 8 <= n; off += 8) {
      struct ld_rt_alloc a;
      uint64_t w;
      memcpy(&w, bytes + off, sizeof w);
      if (!w)
        continue;
      if (reg && ld_rt_registry_find(reg, w, &a) == LD_OK) {
        if (a.kind == LD_RT_ALLOC_CONSTANT_VAR)
          continue; /* read-only on the device */
        if (!add_field(m, p, i, (uint32_t)off, w, ordinal++, why, whysize))
          return 0;
      } else if (looks_like_address(w)) {
        snprintf(why, whysize,
                 "unknown memory behind a pointer inside parameter %s (byte "
                 "%u of it: not from the cudaMalloc family or a __device__ "
                 "variable)",
                 param_name(m, i), (unsigned)off);
        return 0;
      }
    }
  }
  return 1;
}

/* The allocation holding ptr among those already found, or -1. */
static int32_t find_alloc(const struct ld_rt_gplan *p, uint64_t ptr) {
  uint32_t i;

  for (i = 0; i < p->nallocs; i++)
    if (ptr >= p->allocs[i].a.base &&
        ptr - p->allocs[i].a.base < p->allocs[i].a.size)
      return (int32_t)i;
  return -1;
}

/* What loaded_cb needs: the plan, and how many did not fit in it. */
struct loaded_walk {
  struct ld_rt_gplan *p;
  uint32_t dropped;
};

/* One allocation of the registry into the plan, unless already there or
 * memory no kernel writes (__constant__, the runtime's own). */
static int loaded_cb(const struct ld_rt_alloc *a, void *ctx) {
  struct loaded_walk *w = ctx;
  struct ld_rt_galloc *g;
  char text[40];

  /* Variables are followed when the kernel names them (its written
   * variables); a store through a loaded pointer into another lands in
   * no entry and is counted (__ldcc_gowner.unknown). */
  if (a->kind == LD_RT_ALLOC_INTERNAL || a->kind == LD_RT_ALLOC_CONSTANT_VAR ||
      a->kind == LD_RT_ALLOC_DEVICE_VAR || a->kind == LD_RT_ALLOC_MANAGED_VAR ||
      find_alloc(w->p, a->base) >= 0)
    return 0;
  if (w->p->nallocs == LD_RT_GMAX_ALLOCS) {
    w->dropped++;
    return 0;
  }
  g = &w->p->allocs[w->p->nallocs++];
  memset(g, 0, sizeof *g);
  g->a = *a;
  if (a->site_name) {
    g->a.name = a->site_name; /* the program's, never freed */
  } else if (!a->name) {
    snprintf(text, sizeof text, "%s#%llu", ld_rt_alloc_kind_name(a->kind),
             (unsigned long long)a->id);
    g->a.name = intern_name(text);
  }
  g->param = 0; /* (named by loaded, not by a parameter) */
  g->loaded = 1;
  g->slot = round_up(a->size + LD_RT_GALIGN, LD_RT_GALIGN);
  w->p->copy_bytes += g->slot;
  return 0;
}

/* __LDCC_GM_LOADS: pointers loaded from memory may point anywhere, so
 * every allocation of the program joins the plan (docs/global-check.md,
 * "Pointers loaded from memory"); 0 with why when they do not fit. */
static int loaded_allocs(const struct __ldcc_global_meta *m,
                         struct ld_rt_registry *reg, struct ld_rt_gplan *p,
                         char *why, size_t whysize) {
  struct loaded_walk w = {p, 0};

  if (!(m->flags & __LDCC_GM_LOADS))
    return 1;
  if (!reg) {
    snprintf(why, whysize,
             "it reads pointers from memory, and ldcc knows no allocation");
    return 0;
  }
  (void)ld_rt_registry_each(reg, loaded_cb, &w);
  if (w.dropped) {
    snprintf(why, whysize,
             "it reads pointers from memory, and the program has %u "
             "allocations, more than the %d the direct one run follows",
             p->nallocs + w.dropped, LD_RT_GMAX_ALLOCS);
    return 0;
  }
  return 1;
}

int ld_rt_global_plan(const struct __ldcc_global_meta *m,
                      const struct __ldcc_global_arg *args, unsigned nargs,
                      struct ld_rt_registry *reg, struct ld_rt_gplan *p,
                      char *why, size_t whysize) {
  unsigned i;

  memset(p, 0, sizeof *p);
  for (i = 0; i < LD_RT_GSLOTS; i++)
    p->param_alloc[i] = -1;
  if (!m || m->abi != __LDCC_GLOBAL_ABI || m->nparams > __LDCC_GMAX_PARAMS ||
      m->nvars > __LDCC_GMAX_PTRS || (m->nvars && !m->vars)) {
    snprintf(why, whysize, "metadata of another ldcc version");
    return LD_RT_GPLAN_UNCHECKED;
  }
  if (m->reason) {
    snprintf(why, whysize, "%s", m->reason);
    return LD_RT_GPLAN_UNCHECKED;
  }
  if (!ld_rt_global_fields(m, args, nargs, reg, p, why, whysize))
    return LD_RT_GPLAN_UNCHECKED;
  /* Pass 1: the allocations written through a parameter, as a variable or
   * through a pointer inside a parameter. */
  for (i = 0; i < nslots(m, p); i++) {
    const struct __ldcc_global_arg *arg = ld_rt_global_slot_arg(m, args, p, i);
    struct ld_rt_alloc a;
    uint64_t ptr;
    unsigned f = slot_flags(m, p, i);
    int found, var = i >= m->nparams && i < slots(m);

    if (!(f & __LDCC_GP_WRITTEN))
      continue;
    if (!has_arg(m, p, nargs, i)) {
      snprintf(why, whysize, "parameter %s takes a default argument",
               ld_rt_global_slot_name(m, p, i));
      return LD_RT_GPLAN_UNCHECKED;
    }
    if (var && !arg->ptr) {
      snprintf(why, whysize,
               "the device address of __device__ variable %s is unknown",
               ld_rt_global_slot_name(m, p, i));
      return LD_RT_GPLAN_UNCHECKED;
    }
    if (!arg->is_pointer) {
      snprintf(why, whysize,
               "the argument for parameter %s is not a plain pointer",
               ld_rt_global_slot_name(m, p, i));
      return LD_RT_GPLAN_UNCHECKED;
    }
    ptr = (uint64_t)(uintptr_t)arg->ptr;
    if (!ptr || find_alloc(p, ptr) >= 0)
      continue; /* null: never dereferenced by a correct kernel */
    found = reg && ld_rt_registry_find(reg, ptr, &a) == LD_OK;
    if (!found && var && arg->var_size) {
      /* A variable the registry does not know (a __managed__ one: its
       * registration names the pointer to it) is its own allocation. */
      memset(&a, 0, sizeof a);
      a.base = ptr;
      a.size = arg->var_size;
      a.kind = LD_RT_ALLOC_DEVICE_VAR;
      a.name = ld_rt_global_slot_name(m, p, i);
      found = 1;
    }
    if (!found && var) {
      snprintf(why, whysize,
               "it writes __device__ variable %s, at an address ldcc does "
               "not know",
               ld_rt_global_slot_name(m, p, i));
      return LD_RT_GPLAN_UNCHECKED;
    }
    if (!found) {
      snprintf(why, whysize,
               "it writes through parameter %s, a pointer ldcc does not know "
               "(not from the cudaMalloc family or a __device__ variable)",
               ld_rt_global_slot_name(m, p, i));
      return LD_RT_GPLAN_UNCHECKED;
    }
    if (a.kind == LD_RT_ALLOC_INTERNAL || a.kind == LD_RT_ALLOC_CONSTANT_VAR) {
      snprintf(why, whysize, "it writes through parameter %s into %s memory",
               ld_rt_global_slot_name(m, p, i), ld_rt_alloc_kind_name(a.kind));
      return LD_RT_GPLAN_UNCHECKED;
    }
    if (p->nallocs == LD_RT_GMAX_ALLOCS) {
      snprintf(why, whysize, "it writes more than %d allocations",
               LD_RT_GMAX_ALLOCS);
      return LD_RT_GPLAN_UNCHECKED;
    }
    p->allocs[p->nallocs].a = a;
    p->allocs[p->nallocs].param = i;
    p->allocs[p->nallocs].slot = round_up(a.size + LD_RT_GALIGN, LD_RT_GALIGN);
    p->copy_bytes += p->allocs[p->nallocs].slot;
    p->nallocs++;
  }
  if (!loaded_allocs(m, reg, p, why, whysize))
    return LD_RT_GPLAN_UNCHECKED;
  if (!p->nallocs)
    return LD_RT_GPLAN_NOTHING;
  /* Pass 2: every pointer into a written allocation is shifted with it, so
   * aliasing parameters (and read-only views of written memory) see the
   * unit's copy too. */
  for (i = 0; i < nslots(m, p); i++) {
    const struct __ldcc_global_arg *arg = ld_rt_global_slot_arg(m, args, p, i);
    if (has_arg(m, p, nargs, i) && (slot_flags(m, p, i) & __LDCC_GP_POINTER) &&
        arg->is_pointer && arg->ptr && slot_ptr(m, p, i) >= 0)
      p->param_alloc[i] = find_alloc(p, (uint64_t)(uintptr_t)arg->ptr);
  }
  p->fixed_bytes = p->copy_bytes + LD_RT_GALIGN;
  return LD_RT_GPLAN_CHECK;
}

/* a + b and a * b, saturating at UINT64_MAX (which no condition's left
 * side may reach). */
static uint64_t sat_add(uint64_t a, uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}
static uint64_t sat_mul(uint64_t a, uint64_t b) {
  return a && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

/* The value of symbol s (global.h's numbering), 0 with *ok 0 when it has
 * none (not an integer argument). */
static uint64_t own_sym(unsigned s, const struct __ldcc_global_arg *args,
                        unsigned nargs, const uint32_t g3[3],
                        const uint32_t b3[3], int *ok) {
  if (s < 3)
    return b3[s];
  if (s < 6)
    return g3[s - 3];
  if (s >= __LDCC_OWN_PARAM && s - __LDCC_OWN_PARAM < nargs &&
      args[s - __LDCC_OWN_PARAM].is_int)
    return args[s - __LDCC_OWN_PARAM].mag;
  *ok = 0;
  return 0;
}

int ld_rt_global_own_ok(const struct __ldcc_global_meta *m,
                        const struct ld_rt_gplan *p,
                        const struct __ldcc_global_arg *args, unsigned nargs,
                        const uint32_t g3[3], const uint32_t b3[3], char *why,
                        size_t whysize) {
  uint64_t lhs[256], rhs[256], minus[256];
  uint32_t i, j;
  int ok = 1;

  if (!m || !p || !(m->flags & __LDCC_GM_OWN) || !m->own || !m->nown ||
      (m->flags & (__LDCC_GM_ACCUMULATES | __LDCC_GM_PRINTF)) || m->nvars ||
      p->nfields) {
    snprintf(why, whysize, "no proof");
    return 0;
  }
  for (i = 0; i < slots(m) && i < LD_RT_GSLOTS; i++)
    for (j = i + 1; j < slots(m) && j < LD_RT_GSLOTS; j++)
      if (p->param_alloc[i] >= 0 && p->param_alloc[i] == p->param_alloc[j]) {
        snprintf(why, whysize, "arguments %s and %s point into one allocation",
                 param_name(m, i), param_name(m, j));
        return 0;
      }
  memset(lhs, 0, sizeof lhs);
  memset(rhs, 0, sizeof rhs);
  memset(minus, 0, sizeof minus);
  for (i = 0; i < m->nown; i++) {
    const struct __ldcc_own_term *t = &m->own[i];
    uint64_t v = t->c < 0 ? 0ull - (uint64_t)t->c : (uint64_t)t->c;
    if (t->sym != __LDCC_OWN_NONE)
      v = sat_mul(v, own_sym(t->sym, args, nargs, g3, b3, &ok));
    if (t->range != __LDCC_OWN_NONE) {
      uint64_t r =
          t->range < 6 ? own_sym(t->range, args, nargs, g3, b3, &ok) : (ok = 0);
      v = sat_mul(v, r ? r - 1 : 0);
    }
    if (t->rhs)
      rhs[t->cond] = v;
    else if (t->c < 0) /* subtracted: added to the right side */
      minus[t->cond] = sat_add(minus[t->cond], v);
    else
      lhs[t->cond] = sat_add(lhs[t->cond], v);
  }
  if (!ok) {
    snprintf(why, whysize, "a condition names no integer argument");
    return 0;
  }
  for (i = 0; i < m->nown; i++)
    if (!(lhs[m->own[i].cond] <
          sat_add(rhs[m->own[i].cond], minus[m->own[i].cond])) ||
        lhs[m->own[i].cond] == UINT64_MAX) {
      snprintf(why, whysize,
               "condition %u of the proof does not hold for this launch",
               (unsigned)m->own[i].cond + 1);
      return 0;
    }
  return 1;
}

int ld_rt_global_one_run_ok(const struct __ldcc_global_meta *m,
                            const struct ld_rt_gplan *p, uint64_t nunits) {
  uint32_t i;

  if (!m || !p || !p->nallocs ||
      (m->flags & (__LDCC_GM_ACCUMULATES | __LDCC_GM_PRINTF)) ||
      nunits >= 0x7fffffffu)
    return 0;
  for (i = 0; i < nslots(m, p) && i < LD_RT_GSLOTS; i++)
    if (p->param_alloc[i] >= 0 && !(slot_flags(m, p, i) & __LDCC_GP_CLAIMED))
      return 0;
  /* A written parameter's argument points into a written allocation, so
   * it was seen above, unless it is null (never dereferenced); read-only
   * ones pointing elsewhere need no claims. */
  return 1;
}

int ld_rt_global_direct_ok(const struct __ldcc_global_meta *m,
                           const struct ld_rt_gplan *p, uint64_t nunits,
                           char *why, size_t whysize) {
  uint32_t i;

  if (nunits >= __LDCC_GDIRECT_MAX_UNITS) {
    snprintf(why, whysize,
             "its %llu units do not fit the direct one run's tags "
             "(atomics, fences, printf or clocks cannot run on copies)",
             (unsigned long long)nunits);
    return 0;
  }
  for (i = 0; i < nslots(m, p) && i < LD_RT_GSLOTS; i++)
    if (p->param_alloc[i] >= 0 && !(slot_flags(m, p, i) & __LDCC_GP_CLAIMED)) {
      snprintf(why, whysize,
               "pointer %s points into memory it writes but is not "
               "claimed (atomics, fences, printf or clocks cannot run on "
               "copies)",
               ld_rt_global_slot_name(m, p, i));
      return 0;
    }
  return 1;
}

int ld_rt_global_atomics_only(const struct __ldcc_global_meta *m,
                              const struct ld_rt_gplan *p) {
  uint32_t i, n = 0;
  const unsigned want = __LDCC_GP_CLAIMED | __LDCC_GP_ATOMIC;

  /* (Accesses through loaded pointers have no entry of their own.) */
  if (!m || !(m->flags & __LDCC_GM_DIRECT) ||
      (m->flags & (__LDCC_GM_GRID_SYNC | __LDCC_GM_FENCES | __LDCC_GM_LOADS)))
    return 0;
  for (i = 0; i < nslots(m, p) && i < LD_RT_GSLOTS; i++) {
    if (p->param_alloc[i] < 0)
      continue;
    if ((slot_flags(m, p, i) & want) != want)
      return 0;
    n++;
  }
  return n > 0;
}

uint64_t ld_rt_global_one_layout(const struct ld_rt_gplan *p,
                                 struct ld_rt_gone_part *parts,
                                 uint64_t *table_at, uint64_t *flag_at) {
  uint64_t at = 0;
  uint32_t i;

  for (i = 0; i < p->nallocs; i++) {
    const struct ld_rt_alloc *a = &p->allocs[i].a;
    uint64_t words = (a->base % 4 + a->size + 3) / 4;
    parts[i].tags_at = at;
    parts[i].tags_bytes = words * 4;
    at += round_up(words * 4, LD_RT_GALIGN);
    parts[i].backup_at = at;
    at += round_up(a->size, LD_RT_GALIGN);
  }
  *table_at = at;
  at += round_up(sizeof(struct __ldcc_gowner), LD_RT_GALIGN);
  *flag_at = at;
  return at + LD_RT_GALIGN;
}

void ld_rt_global_one_table(const struct ld_rt_gplan *p,
                            const struct ld_rt_gone_part *parts, uint64_t area,
                            uint64_t flag_at, struct __ldcc_gowner *o) {
  uint32_t i;

  memset(o, 0, sizeof *o);
  o->n = p->nallocs;
  o->flag = area + flag_at;
  for (i = 0; i < p->nallocs; i++) {
    const struct ld_rt_alloc *a = &p->allocs[i].a;
    o->e[i].lo = a->base / 4 * 4;
    o->e[i].size = a->base % 4 + a->size;
    o->e[i].tags = area + parts[i].tags_at;
  }
}

void ld_rt_global_one_info(const struct __ldcc_global_meta *m,
                           const struct ld_rt_gplan *p,
                           const struct __ldcc_gowner *o,
                           struct __ldcc_global_info *gi) {
  uint32_t i;

  gi->flag = o->flag;
  memset(gi->own, 0, sizeof gi->own);
  for (i = 0; i < nslots(m, p) && i < LD_RT_GSLOTS; i++) {
    int a = p->param_alloc[i], j = slot_ptr(m, p, i);
    if (a >= 0 && j >= 0 && j < __LDCC_GMAX_PTRS)
      gi->own[j] = o->e[a];
  }
}

uint64_t ld_rt_global_units(const uint32_t grid[3], const uint32_t block[3],
                            int warp_units) {
  uint64_t blocks = (uint64_t)grid[0] * grid[1] * grid[2];
  uint64_t threads = (uint64_t)block[0] * block[1] * block[2];

  return warp_units ? blocks * ((threads + 31) / 32) : blocks;
}

uint64_t ld_rt_global_chunks(const struct ld_rt_gplan *p, uint32_t i) {
  const struct ld_rt_alloc *a = &p->allocs[i].a;
  return (a->base + a->size + 15) / 16 - a->base / 16;
}

/* Bytes of allocation i's marks and of its sums. */
static uint64_t marks_bytes(const struct ld_rt_gplan *p, uint32_t i) {
  return round_up(ld_rt_global_chunks(p, i) * 4, LD_RT_GALIGN);
}

static uint64_t sums_bytes(const struct ld_rt_gplan *p, uint32_t i) {
  return round_up(ld_rt_global_chunks(p, i) * 32, LD_RT_GALIGN);
}

/* Bytes of allocation i's parallel-merge scratch (struct ld_gwinners). */
static uint64_t winners_bytes(const struct ld_rt_gplan *p, uint32_t i) {
  return round_up(ld_rt_global_chunks(p, i) * sizeof(struct ld_gwinners),
                  LD_RT_GALIGN);
}

uint64_t ld_rt_global_layout_det(struct ld_rt_gplan *p, uint32_t m,
                                 unsigned parts) {
  uint64_t at = 0;
  uint32_t i;

  for (i = 0; i < p->nallocs; i++) {
    p->allocs[i].at = at;
    at += (uint64_t)(m + 1) * p->allocs[i].slot;
    p->allocs[i].marks_at = p->allocs[i].sums_at = 0;
    p->allocs[i].winners_at = 0;
    if (parts & LD_RT_GLAYOUT_ACC) {
      p->allocs[i].marks_at = at;
      at += marks_bytes(p, i);
      p->allocs[i].sums_at = at;
      at += sums_bytes(p, i);
    }
    if (parts & LD_RT_GLAYOUT_MERGE) {
      p->allocs[i].winners_at = at;
      at += winners_bytes(p, i);
    }
  }
  return at + LD_RT_GALIGN;
}

uint64_t ld_rt_global_layout(struct ld_rt_gplan *p, uint32_t m) {
  return ld_rt_global_layout_det(p, m, 0);
}

uint64_t ld_rt_global_acc_bytes(const struct ld_rt_gplan *p) {
  uint64_t n = 0;
  uint32_t i;

  for (i = 0; i < p->nallocs; i++)
    n += marks_bytes(p, i) + sums_bytes(p, i);
  return n;
}

uint64_t ld_rt_global_merge_bytes(const struct ld_rt_gplan *p) {
  uint64_t n = 0;
  uint32_t i;

  for (i = 0; i < p->nallocs; i++)
    n += winners_bytes(p, i);
  return n;
}

/* Device address of byte 0 of allocation i's copy 0 in the scratch area
 * (same address as its base modulo LD_RT_GALIGN). */
static uint64_t copy0_of(const struct ld_rt_gplan *p, uint32_t i,
                         uint64_t scratch) {
  return scratch + p->allocs[i].at + p->allocs[i].slot +
         p->allocs[i].a.base % LD_RT_GALIGN;
}

void ld_rt_global_acc(const struct ld_rt_gplan *p, uint64_t scratch,
                      uint32_t copies, struct __ldcc_global_info *gi) {
  uint32_t i;

  gi->nacc = 0;
  for (i = 0; i < p->nallocs && i < __LDCC_GMAX_PTRS; i++) {
    struct __ldcc_gacc *a = &gi->acc[gi->nacc++];
    a->lo = copy0_of(p, i, scratch) & ~(uint64_t)15;
    a->slot = p->allocs[i].slot;
    a->span = copies * a->slot;
    a->marks = scratch + p->allocs[i].marks_at;
  }
}

void ld_rt_global_info(const struct ld_rt_gplan *p,
                       const struct __ldcc_global_meta *m,
                       const struct __ldcc_global_arg *args, unsigned nargs,
                       uint64_t scratch, struct __ldcc_global_info *gi) {
  unsigned i;

  (void)args;
  memset(gi, 0, sizeof *gi);
  gi->warp_units = m->warp_units;
  for (i = 0; i < nslots(m, p) && i < LD_RT_GSLOTS; i++) {
    int32_t a = has_arg(m, p, nargs, i) ? p->param_alloc[i] : -1;
    int j = slot_ptr(m, p, i);
    if (a < 0 || j < 0 || j >= __LDCC_GMAX_PTRS)
      continue;
    gi->off[j] =
        (int64_t)(copy0_of(p, (uint32_t)a, scratch) - p->allocs[a].a.base);
    gi->cstride[j] = p->allocs[a].slot;
  }
  /* The words gpatch shifts inside by-value class parameters. */
  for (i = 0; i < p->nfields && i < __LDCC_GMAX_PATCH; i++) {
    gi->patch[i].param = (uint16_t)p->fields[i].param;
    gi->patch[i].ordinal = (uint16_t)p->fields[i].ordinal;
    gi->patch[i].offset = p->fields[i].offset;
  }
  gi->npatch = p->nfields;
}

/* ---- launch contexts --------------------------------------------------- */

static pthread_mutex_t ctx_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ld_rt_gctx *ctxs;
static uint32_t nctxs, capctxs;

static int same_ctx(const struct ld_rt_gctx *a, const struct ld_rt_gctx *b) {
  return a->kernel == b->kernel && a->name == b->name &&
         a->index_at == b->index_at && a->base == b->base &&
         a->elem_size == b->elem_size && a->value_kind == b->value_kind &&
         !memcmp(a->grid, b->grid, sizeof a->grid) &&
         !memcmp(a->block, b->block, sizeof a->block) &&
         a->warp_units == b->warp_units && a->m == b->m &&
         a->stride == b->stride && a->nunits == b->nunits;
}

int ld_rt_gctx_intern(const struct ld_rt_gctx *c, uint32_t *id) {
  uint32_t i;
  int rc = LD_OK;

  pthread_mutex_lock(&ctx_lock);
  /* Newest first: a loop of launches repeats the latest context. */
  for (i = nctxs; i > 0; i--)
    if (same_ctx(&ctxs[i - 1], c)) {
      *id = i;
      goto out;
    }
  if (nctxs == capctxs) {
    uint32_t cap = capctxs ? 2 * capctxs : 16;
    struct ld_rt_gctx *v = realloc(ctxs, cap * sizeof *v);
    if (!v) {
      rc = LD_ENOMEM;
      goto out;
    }
    ctxs = v;
    capctxs = cap;
  }
  ctxs[nctxs++] = *c;
  *id = nctxs;
out:
  pthread_mutex_unlock(&ctx_lock);
  return rc;
}

const struct ld_rt_gctx *ld_rt_gctx_get(uint32_t id) {
  const struct ld_rt_gctx *c = NULL;

  pthread_mutex_lock(&ctx_lock);
  if (id >= 1 && id <= nctxs)
    c = &ctxs[id - 1];
  pthread_mutex_unlock(&ctx_lock);
  return c;
}

/* How many units (up to 2) ran on copy `copy`. */
static uint64_t units_on(const struct ld_rt_gctx *c, uint32_t copy) {
  uint64_t n = 0, g;

  for (g = copy; g * c->stride < c->nunits && n < 2; g += c->m) {
    uint64_t first = g * c->stride, last = first + c->stride;
    n += (last > c->nunits ? c->nunits : last) - first;
  }
  return n;
}

void ld_rt_global_unit_text(const struct ld_rt_gctx *c, uint32_t copy,
                            char *buf, size_t size) {
  uint64_t u = (uint64_t)copy * c->stride, b, w = 0, per_block = 1;
  const char *what = c->warp_units ? "warp" : "block";

  if (c->deterministic && copy >= c->nunits) {
    snprintf(buf, size, "a %s of an earlier round", what);
    return;
  }
  if (!c->deterministic && units_on(c, copy) != 1) {
    snprintf(buf, size, "a %s %c with %c / %" PRIu64 " %% %u == %u", what,
             what[0], what[0], c->stride, c->m, copy);
    return;
  }
  if (c->warp_units) {
    uint64_t threads = (uint64_t)c->block[0] * c->block[1] * c->block[2];
    per_block = (threads + 31) / 32;
  }
  b = u / per_block;
  w = u % per_block;
  if (c->grid[0] && c->grid[1])
    snprintf(buf, size, "block (%" PRIu64 ",%" PRIu64 ",%" PRIu64 ")",
             b % c->grid[0], b / c->grid[0] % c->grid[1],
             b / c->grid[0] / c->grid[1]);
  else
    snprintf(buf, size, "block %" PRIu64, b);
  if (c->warp_units) {
    size_t n = strlen(buf);
    snprintf(buf + n, size > n ? size - n : 0, " warp %" PRIu64, w);
  }
}

void ld_rt_global_element(const struct ld_rt_gctx *c, uint64_t addr, char *buf,
                          size_t size) {
  uint64_t es = c->elem_size ? c->elem_size : 1;

  if (addr >= c->index_at)
    snprintf(buf, size, "%s[%" PRIu64 "]", c->name ? c->name : "?",
             (addr - c->index_at) / es);
  else
    snprintf(buf, size, "%s[-%" PRIu64 "]", c->name ? c->name : "?",
             (c->index_at - addr + es - 1) / es);
}
