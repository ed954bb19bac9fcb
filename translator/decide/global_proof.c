/* The global-memory proof's decision (ld_global_proof.h; docs/global-check.md,
 * "Proved launches").
 *
 * Per written parameter, every access's index is sum(levels) + U: one
 * level per atom (threadIdx/blockIdx component: c * sym * value, value <
 * the dimension), per loop counter (c * sym * k, k < trips), and one for
 * the accesses' constant offsets (when they differ); U is the same
 * non-constant offset in every access.  Two accesses of different units
 * differ in some level; take the highest (in the order chosen here) in
 * which their values differ: they differ there by at least the level's
 * gap (|c * sym|, or the least distance between two offsets), and the
 * levels below can make up at most the sum of their extents (|c * sym| *
 * (range - 1), the offsets' spread).  So the indices differ when every
 * level that can be that highest one has a gap above the extents below
 * it: a launch condition each.  With blocks as units, a level under every
 * blockIdx level can only be the highest for two threads of one block:
 * no condition (its extent still counts).  An atom with no term can never
 * tell two threads apart: its dimension must be 1 (unless it is a thread
 * atom under blocks as units).  One more condition keeps every index
 * below 2^31, so 32-bit index arithmetic cannot wrap.
 *
 * With blocks as units, the levels under every blockIdx level (the
 * block's own part of the index) count by their range: a condition around
 * an access whose terms are exactly those of the access's own part (`c >
 * 0 ? m[base + c - 1] : ...`, `c + 1 < W ? m[base + c + 1] : ...`) bounds
 * that part by a constant, and the block levels' conditions then take,
 * for every two accesses, the first one's highest value minus the other's
 * lowest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_buf.h"
#include "ld_error.h"
#include "ld_global_proof.h"

enum { K_OFFSET, K_LOOP, K_THREAD, K_BLOCK };

struct level {
  int kind;
  long long c; /* the gap's constant; K_OFFSET: the least distance */
  int sym;
  int range;        /* the extent's range symbol, or LD_GPROOF_NOSYM */
  long long extent; /* the extent's constant (c * (trips - 1), spread) */
  long long trips;  /* K_LOOP */
  unsigned ord;     /* K_LOOP: the how-manieth loop with this key */
  double est;       /* the gap's estimated size, for the order */
};

struct st {
  const struct ld_gproof_input *in;
  struct ld_gproof *out;
  struct level *lv;
  size_t nlv, cap;
  int rc;
};

static long long llabs_(long long v) {
  return v < 0 ? -v : v;
}

/* o proves nothing: its conditions go. */
static void drop(struct ld_gproof *o) {
  o->proved = 0;
  free(o->terms);
  o->terms = NULL;
  o->nterms = 0;
  o->nconds = 0;
}

/* o is not proved, for the reason fmt (one %s: name), unless it has one
 * already.  0 or LD_ENOMEM. */
static int refuse(struct ld_gproof *o, const char *fmt, const char *name) {
  char buf[256];

  drop(o);
  if (o->why)
    return LD_OK;
  snprintf(buf, sizeof buf, fmt, name);
  o->why = strdup(buf);
  return o->why ? LD_OK : LD_ENOMEM;
}

static int fail(struct st *s, const char *fmt, const char *name) {
  if (!s->out->why && refuse(s->out, fmt, name))
    s->rc = LD_ENOMEM;
  return 0;
}

static int put(struct st *s, long long c, int sym, int range, unsigned cond,
               int rhs) {
  struct ld_gproof *o = s->out;
  struct ld_gproof_cterm *t;

  if (s->rc)
    return 0;
  t = realloc(o->terms, (o->nterms + 1) * sizeof *t);
  if (!t) {
    s->rc = LD_ENOMEM;
    return 0;
  }
  o->terms = t;
  t[o->nterms].c = c;
  t[o->nterms].sym = sym;
  t[o->nterms].range = range;
  t[o->nterms].cond = cond;
  t[o->nterms].rhs = rhs;
  o->nterms++;
  return 1;
}

static int add_level(struct st *s, const struct level *l) {
  if (s->nlv == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 8;
    struct level *n = realloc(s->lv, cap * sizeof *n);
    if (!n) {
      s->rc = LD_ENOMEM;
      return 0;
    }
    s->lv = n;
    s->cap = cap;
  }
  s->lv[s->nlv++] = *l;
  return 1;
}

static double sym_size(int sym) {
  if (sym == LD_GPROOF_NOSYM)
    return 1;
  if (sym < 3)
    return 256; /* blockDim */
  if (sym < 6)
    return 4096;  /* gridDim */
  return 1048576; /* a parameter: a size, typically */
}

/* The term of atom `atom` in access a: *c, *sym (c 0 when it has none);
 * 0 when it has two with different symbols. */
static int atom_term(const struct ld_gproof_access *a, int atom, long long *c,
                     int *sym) {
  size_t i;

  *c = 0;
  *sym = LD_GPROOF_NOSYM;
  for (i = 0; i < a->nterms; i++) {
    if (a->terms[i].atom != atom || !a->terms[i].c)
      continue;
    if (*c && a->terms[i].sym != *sym)
      return 0;
    *sym = a->terms[i].sym;
    *c += a->terms[i].c;
  }
  return 1;
}

/* U of access a, as a sorted list of (c, sym) in u (at most n). */
static size_t uniform_of(const struct ld_gproof_access *a, long long *uc,
                         int *us, size_t n) {
  size_t i, j, k = 0;

  for (i = 0; i < a->nterms; i++) {
    if (a->terms[i].atom != LD_GPROOF_UNIFORM || !a->terms[i].c)
      continue;
    for (j = 0; j < k && us[j] != a->terms[i].sym; j++)
      ;
    if (j == k && k < n) {
      us[k] = a->terms[i].sym;
      uc[k++] = 0;
    }
    if (j < n)
      uc[j] += a->terms[i].c;
  }
  for (i = 1; i < k; i++) /* by symbol */
    for (j = i; j > 0 && us[j - 1] > us[j]; j--) {
      int ts = us[j];
      long long tc = uc[j];
      us[j] = us[j - 1];
      uc[j] = uc[j - 1];
      us[j - 1] = ts;
      uc[j - 1] = tc;
    }
  return k;
}

#define LD_GPROOF_MAXU 8

/* The loop level of access a's loop term j (step, symbol, trips and the
 * how-manieth such term in a): its index in s->lv, or s->nlv; *ord gets
 * the how-manieth. */
static size_t loop_level(const struct st *s, const struct ld_gproof_access *a,
                         size_t j, unsigned *ord) {
  const struct ld_gproof_term *t = &a->terms[j];
  size_t k;

  *ord = 0;
  for (k = 0; k < j; k++)
    *ord += a->terms[k].atom == LD_GPROOF_LOOP && a->terms[k].c == t->c &&
            a->terms[k].sym == t->sym && a->terms[k].trips == t->trips;
  for (k = 0; k < s->nlv; k++)
    if (s->lv[k].kind == K_LOOP && s->lv[k].c == t->c &&
        s->lv[k].sym == t->sym && s->lv[k].trips == t->trips &&
        s->lv[k].ord == *ord)
      break;
  return k;
}

/* The levels of parameter p's accesses; 0 with a reason when they have
 * none that can be ordered. */
static int levels_of(struct st *s, size_t p, const char *name, unsigned *zero) {
  const struct ld_gproof_input *in = s->in;
  long long u0c[LD_GPROOF_MAXU], uc[LD_GPROOF_MAXU], lo = 0, hi = 0, gap = 0;
  int u0s[LD_GPROOF_MAXU], us[LD_GPROOF_MAXU], atom, first = 1;
  size_t i, j, n0 = 0;

  *zero = 0;
  for (i = 0; i < in->nacc; i++) {
    const struct ld_gproof_access *a = &in->acc[i];
    size_t n;
    if (a->param != p)
      continue;
    n = uniform_of(a, uc, us, LD_GPROOF_MAXU);
    if (first) {
      memcpy(u0c, uc, sizeof uc);
      memcpy(u0s, us, sizeof us);
      n0 = n;
      lo = hi = a->off;
    }
    if (n != n0 || memcmp(uc, u0c, n * sizeof *uc) ||
        memcmp(us, u0s, n * sizeof *us))
      return fail(s,
                  "accesses through %s differ by more than a constant "
                  "offset",
                  name);
    lo = a->off < lo ? a->off : lo;
    hi = a->off > hi ? a->off : hi;
    first = 0;
  }
  /* The offsets: their least distance is the level's gap. */
  for (i = 0; i < in->nacc; i++)
    for (j = 0; j < in->nacc; j++) {
      const struct ld_gproof_access *a = &in->acc[i], *b = &in->acc[j];
      long long d = b->off - a->off;
      if (a->param == p && b->param == p && d > 0 && (!gap || d < gap))
        gap = d;
    }
  if (gap) {
    struct level l = {K_OFFSET, gap, LD_GPROOF_NOSYM, LD_GPROOF_NOSYM, hi - lo,
                      0,        0,   (double)gap};
    if (!add_level(s, &l))
      return 0;
  }
  /* One level per atom, with the same term in every access that does not
   * fix it at 0. */
  for (atom = 0; atom < 6; atom++) {
    long long c0 = 0, c;
    int sym0 = LD_GPROOF_NOSYM, sym, any = 0;
    for (i = 0; i < in->nacc; i++) {
      const struct ld_gproof_access *a = &in->acc[i];
      if (a->param != p || (a->fixed >> atom & 1u))
        continue;
      if (!atom_term(a, atom, &c, &sym))
        return fail(s,
                    "an index of %s scales a thread or block index by "
                    "two different symbols",
                    name);
      if (any && (c != c0 || sym != sym0))
        return fail(s,
                    "accesses through %s scale a thread or block index "
                    "differently",
                    name);
      c0 = c;
      sym0 = sym;
      any = 1;
    }
    if (!any)
      continue; /* 0 wherever the atom is used */
    if (!c0) {
      *zero |= 1u << atom;
      continue;
    }
    {
      struct level l = {
          atom < 3 ? K_THREAD : K_BLOCK,      c0, sym0, atom, c0, 0, 0,
          (double)llabs_(c0) * sym_size(sym0)};
      if (!add_level(s, &l))
        return 0;
    }
  }
  /* Loop counters: one level per (step, symbol, trips) and the how-manieth
   * such counter in one access. */
  for (i = 0; i < in->nacc; i++) {
    const struct ld_gproof_access *a = &in->acc[i];
    if (a->param != p)
      continue;
    for (j = 0; j < a->nterms; j++) {
      const struct ld_gproof_term *t = &a->terms[j];
      unsigned ord = 0;
      long long ext;
      if (t->atom != LD_GPROOF_LOOP || !t->c || t->trips <= 1 ||
          loop_level(s, a, j, &ord) < s->nlv)
        continue;
      if (__builtin_mul_overflow(llabs_(t->c), t->trips - 1, &ext))
        return fail(s, "a loop over %s reaches too far", name);
      {
        struct level l = {
            K_LOOP, t->c,     t->sym, LD_GPROOF_NOSYM,
            ext,    t->trips, ord,    (double)llabs_(t->c) * sym_size(t->sym)};
        if (!add_level(s, &l))
          return 0;
      }
    }
  }
  return !s->rc;
}

static int by_size(const void *a, const void *b) {
  const struct level *x = a, *y = b;
  if (x->est != y->est)
    return x->est < y->est ? -1 : 1;
  return x->kind - y->kind;
}

/* The extent of level l as a term of condition cond. */
static int put_extent(struct st *s, const struct level *l, unsigned cond) {
  if (l->kind == K_THREAD || l->kind == K_BLOCK)
    return put(s, llabs_(l->c), l->sym, l->range, cond, 0);
  return put(s, l->extent, l->sym, LD_GPROOF_NOSYM, cond, 0);
}

/* The level of access a's term j, or -1 (a term of no level). */
static long level_of(const struct st *s, const struct ld_gproof_access *a,
                     size_t j) {
  const struct ld_gproof_term *t = &a->terms[j];
  unsigned ord = 0;
  size_t k;

  if (t->atom < 6) {
    for (k = 0; k < s->nlv; k++)
      if ((s->lv[k].kind == K_THREAD || s->lv[k].kind == K_BLOCK) &&
          s->lv[k].range == t->atom)
        return (long)k;
    return -1;
  }
  if (t->atom != LD_GPROOF_LOOP || (k = loop_level(s, a, j, &ord)) == s->nlv)
    return -1;
  return (long)k;
}

/* A bound on an access's own part (its terms of levels under every block
 * level, and its offset): the extents of the levels in mask plus k (the
 * highest value), or k minus them (the lowest). */
struct bound {
  unsigned long long mask;
  long long k;
};

#define LD_GPROOF_KEYS 16

/* Whether every term of a's own part cancels against sign * g's terms
 * (atom, symbol and loop alike; a fixed atom is 0 on both sides). */
static int cancels(const struct st *s, const struct ld_gproof_access *a,
                   size_t first_block, const struct ld_gproof_guard *g,
                   long long sign) {
  struct ld_gproof_term keys[LD_GPROOF_KEYS];
  size_t n = 0, i, k;
  long long d;

  for (i = 0; i < a->nterms + g->nterms; i++) {
    int mine = i < a->nterms;
    const struct ld_gproof_term *t =
        mine ? &a->terms[i] : &g->terms[i - a->nterms];
    long lv;
    if (t->atom < 6 && (a->fixed >> t->atom & 1u))
      continue;
    if (mine && ((lv = level_of(s, a, i)) < 0 || (size_t)lv >= first_block))
      continue; /* not in the own part */
    for (k = 0; k < n; k++)
      if (keys[k].atom == t->atom && keys[k].sym == t->sym &&
          keys[k].loop == t->loop && keys[k].trips == t->trips)
        break;
    if (k == n) {
      if (n == LD_GPROOF_KEYS)
        return 0;
      keys[n] = *t;
      keys[n++].c = 0;
    }
    if (__builtin_mul_overflow(t->c, mine ? 1 : -sign, &d) ||
        __builtin_add_overflow(keys[k].c, d, &keys[k].c))
      return 0;
  }
  for (k = 0; k < n; k++)
    if (keys[k].c)
      return 0;
  return 1;
}

/* Access a's own part lies in [lo, hi]; 1 when a condition around it gave
 * one of them. */
static int own_part(const struct st *s, const struct ld_gproof_access *a,
                    size_t first_block, struct bound *hi, struct bound *lo) {
  size_t i, j;
  int guarded = 0;

  hi->mask = lo->mask = 0;
  hi->k = lo->k = a->off;
  for (j = 0; j < a->nterms; j++) {
    long lv = level_of(s, a, j);
    if (lv < 0 || (size_t)lv >= first_block || lv >= 64 ||
        (a->terms[j].atom < 6 && (a->fixed >> a->terms[j].atom & 1u)))
      continue;
    if (a->terms[j].c > 0)
      hi->mask |= 1ull << lv;
    else
      lo->mask |= 1ull << lv;
  }
  for (i = 0; i < a->nguards; i++) {
    const struct ld_gproof_guard *g = &a->guards[i];
    long long v;
    /* own = g + (a->off - g->off) >= a->off - g->off */
    if (cancels(s, a, first_block, g, 1) &&
        !__builtin_sub_overflow(a->off, g->off, &v) &&
        (lo->mask || v > lo->k)) {
      lo->mask = 0;
      lo->k = v;
      guarded = 1;
    }
    /* own = -g + (a->off + g->off) <= a->off + g->off */
    if (cancels(s, a, first_block, g, -1) &&
        !__builtin_add_overflow(a->off, g->off, &v) &&
        (hi->mask || v < hi->k)) {
      hi->mask = 0;
      hi->k = v;
      guarded = 1;
    }
  }
  return guarded;
}

#define LD_GPROOF_SPREADS 16

/* The spreads of parameter p's own parts, for every two accesses: the
 * first's highest value minus the second's lowest, the greatest constant
 * per set of levels.  0 when no condition bounds any own part (the
 * levels' extents then say as much), or too many. */
static size_t spreads_of(const struct st *s, size_t p, size_t first_block,
                         struct bound *sp) {
  const struct ld_gproof_input *in = s->in;
  size_t i, j, k, n = 0;
  int guarded = 0;

  if (first_block > 64)
    return 0;
  for (i = 0; i < in->nacc; i++) {
    struct bound hi, lo, h2, l2;
    if (in->acc[i].param != p)
      continue;
    guarded |= own_part(s, &in->acc[i], first_block, &hi, &lo);
    for (j = 0; j < in->nacc; j++) {
      unsigned long long mask;
      long long d;
      if (in->acc[j].param != p)
        continue;
      own_part(s, &in->acc[j], first_block, &h2, &l2);
      mask = hi.mask | l2.mask;
      if (__builtin_sub_overflow(hi.k, l2.k, &d))
        return 0;
      for (k = 0; k < n && sp[k].mask != mask; k++)
        ;
      if (k == n) {
        if (n == LD_GPROOF_SPREADS)
          return 0;
        sp[n].mask = mask;
        sp[n++].k = d;
      } else if (d > sp[k].k) {
        sp[k].k = d;
      }
    }
  }
  return guarded ? n : 0;
}

/* Condition cond is complete: one of constants only is decided here (true:
 * dropped; false: the accesses through `name` may meet). */
static int close_cond(struct st *s, unsigned cond, const char *name) {
  struct ld_gproof *o = s->out;
  long long lhs = 0, rhs = 0;
  size_t i, n = o->nterms;
  int over = 0;

  for (i = 0; i < o->nterms; i++) {
    const struct ld_gproof_cterm *t = &o->terms[i];
    if (t->cond != cond)
      continue;
    if (t->sym != LD_GPROOF_NOSYM || t->range != LD_GPROOF_NOSYM)
      return 1;
    if (t->rhs)
      rhs = llabs_(t->c);
    else if (over || __builtin_add_overflow(lhs, t->c, &lhs))
      over = 1;
    if (n == o->nterms)
      n = i; /* its first term: the condition's terms are the last ones */
  }
  if (over || lhs >= rhs)
    return fail(s, "two units may touch one element through %s", name);
  o->nterms = n;
  o->nconds--;
  return 1;
}

static int decide_param(struct st *s, size_t p, const char *name) {
  const struct ld_gproof_input *in = s->in;
  unsigned zero = 0, cond;
  size_t i, j, first_block, nsp;
  long long far = 0, uc[LD_GPROOF_MAXU];
  struct bound sp[LD_GPROOF_SPREADS];
  int us[LD_GPROOF_MAXU];

  s->nlv = 0;
  if (!levels_of(s, p, name, &zero))
    return 0;
  qsort(s->lv, s->nlv, sizeof *s->lv, by_size);
  for (first_block = 0;
       first_block < s->nlv && s->lv[first_block].kind != K_BLOCK;
       first_block++)
    ;
  /* An atom with no term: its dimension must be 1. */
  for (i = 0; i < 6; i++) {
    if (!(zero >> i & 1u) || (i < 3 && !in->warp_units))
      continue;
    cond = s->out->nconds++;
    put(s, 1, LD_GPROOF_NOSYM, (int)i, cond, 0);
    put(s, 1, LD_GPROOF_NOSYM, LD_GPROOF_NOSYM, cond, 1);
  }
  nsp = in->warp_units ? 0 : spreads_of(s, p, first_block, sp);
  for (i = 0; i < s->nlv; i++) {
    size_t k;
    if (!in->warp_units && i < first_block)
      continue; /* only ever the highest for two threads of one block */
    for (k = 0; k < (nsp ? nsp : 1); k++) {
      cond = s->out->nconds++;
      for (j = nsp ? first_block : 0; j < i; j++)
        put_extent(s, &s->lv[j], cond);
      for (j = 0; nsp && j < first_block; j++)
        if (sp[k].mask >> j & 1u)
          put_extent(s, &s->lv[j], cond);
      if (nsp)
        put(s, sp[k].k, LD_GPROOF_NOSYM, LD_GPROOF_NOSYM, cond, 0);
      put(s, llabs_(s->lv[i].c), s->lv[i].sym, LD_GPROOF_NOSYM, cond, 1);
      if (!s->rc && !close_cond(s, cond, name))
        return 0;
    }
  }
  /* Every index below 2^31. */
  cond = s->out->nconds++;
  for (i = 0; i < s->nlv; i++)
    put_extent(s, &s->lv[i], cond);
  for (i = 0; i < in->nacc; i++)
    if (in->acc[i].param == p && llabs_(in->acc[i].off) > far)
      far = llabs_(in->acc[i].off);
  for (i = 0; i < in->nacc && in->acc[i].param != p; i++)
    ;
  put(s, far, LD_GPROOF_NOSYM, LD_GPROOF_NOSYM, cond, 0);
  if (i < in->nacc) {
    size_t n = uniform_of(&in->acc[i], uc, us, LD_GPROOF_MAXU);
    for (j = 0; j < n; j++)
      put(s, llabs_(uc[j]), us[j], LD_GPROOF_NOSYM, cond, 0);
  }
  put(s, 1ll << 31, LD_GPROOF_NOSYM, LD_GPROOF_NOSYM, cond, 1);
  return !s->rc && close_cond(s, cond, name);
}

static int decide_all(const struct ld_gproof_input *in, struct ld_gproof *out);

/* Appends o's conditions to out's, renumbered; 0 or LD_ENOMEM. */
static int merge(struct ld_gproof *out, const struct ld_gproof *o) {
  struct ld_gproof_cterm *t;
  size_t i;

  if (!o->nterms)
    return LD_OK;
  t = realloc(out->terms, (out->nterms + o->nterms) * sizeof *t);
  if (!t)
    return LD_ENOMEM;
  out->terms = t;
  for (i = 0; i < o->nterms; i++) {
    t[out->nterms + i] = o->terms[i];
    t[out->nterms + i].cond += out->nconds;
  }
  out->nterms += o->nterms;
  out->nconds += o->nconds;
  return LD_OK;
}

/* Warps of one block (in->block_warps): per region and written parameter,
 * the parameter's accesses in that region with every two threads as units
 * (a thread per unit is stricter than a warp, and across blocks too).  A
 * region that only reads through a parameter needs nothing. */
static int decide_regions(const struct ld_gproof_input *in,
                          struct ld_gproof *out) {
  struct ld_gproof_access *sub;
  int r, last = -1;
  size_t i, j, n;
  int rc = LD_OK;

  for (i = 0; i < in->nacc; i++)
    if (in->acc[i].region > last)
      last = in->acc[i].region;
  sub = malloc((in->nacc ? in->nacc : 1) * sizeof *sub);
  if (!sub)
    return LD_ENOMEM;
  for (r = 0; r <= last && !rc && out->proved; r++) {
    for (i = 0; i < in->nacc && !rc && out->proved; i++) {
      struct ld_gproof_input w;
      struct ld_gproof o;
      const struct ld_gproof_access *a = &in->acc[i];
      if (a->region != r || !a->write)
        continue;
      for (j = 0; j < i; j++)
        if (in->acc[j].region == r && in->acc[j].write &&
            in->acc[j].param == a->param)
          break;
      if (j < i)
        continue; /* the parameter is done in this region */
      for (n = 0, j = 0; j < in->nacc; j++)
        if (in->acc[j].region == r && in->acc[j].param == a->param)
          sub[n++] = in->acc[j];
      memset(&w, 0, sizeof w);
      w.acc = sub;
      w.nacc = n;
      w.warp_units = 1;
      rc = decide_all(&w, &o);
      if (!rc && !o.proved)
        rc = refuse(out,
                    "two warps of one block may touch one element through "
                    "%s between barriers",
                    a->name);
      else if (!rc)
        rc = merge(out, &o);
      ld_gproof_free(&o);
    }
  }
  free(sub);
  return rc;
}

int ld_gproof_decide(const struct ld_gproof_input *in, struct ld_gproof *out) {
  int rc = decide_all(in, out);

  if (!rc && out->proved && in->block_warps && !in->warp_units)
    rc = decide_regions(in, out);
  if (!rc && out->proved && out->nconds > 255)
    rc = refuse(out, "%s", "more than 255 launch conditions");
  if (rc)
    drop(out);
  return rc;
}

static int decide_all(const struct ld_gproof_input *in, struct ld_gproof *out) {
  struct st s;
  size_t i, j;

  memset(out, 0, sizeof *out);
  memset(&s, 0, sizeof s);
  s.in = in;
  s.out = out;
  if (in->why) {
    fail(&s, "%s", in->why);
    return s.rc;
  }
  if (!in->nacc) {
    fail(&s, "%s", "no access through a written parameter");
    return s.rc;
  }
  for (i = 0; i < in->nacc && !s.rc && !out->why; i++) {
    for (j = 0; j < i && in->acc[j].param != in->acc[i].param; j++)
      ;
    if (j == i)
      decide_param(&s, in->acc[i].param, in->acc[i].name);
  }
  free(s.lv);
  if (s.rc)
    drop(out);
  if (s.rc || out->why)
    return s.rc;
  out->proved = 1;
  return LD_OK;
}

void ld_gproof_free(struct ld_gproof *o) {
  free(o->why);
  free(o->terms);
  memset(o, 0, sizeof *o);
}

static int put_factor(struct ld_buf *b, int sym, int minus_one) {
  static const char *const dims[] = {"blockDim.x", "blockDim.y", "blockDim.z",
                                     "gridDim.x",  "gridDim.y",  "gridDim.z"};
  if (sym == LD_GPROOF_NOSYM)
    return 0;
  if (sym >= LD_GPROOF_PARAM)
    return ld_buf_printf(b, "*|p%d|", sym - LD_GPROOF_PARAM);
  return ld_buf_printf(b, minus_one ? "*(%s-1)" : "*%s", dims[sym]);
}

int ld_gproof_text(const struct ld_gproof *o, struct ld_buf *b) {
  unsigned k;
  size_t i;
  int rc = 0;

  for (k = 0; k < o->nconds && !rc; k++) {
    int n = 0;
    if (k)
      rc = ld_buf_puts(b, ";");
    for (i = 0; i < o->nterms && !rc; i++) {
      const struct ld_gproof_cterm *t = &o->terms[i];
      if (t->cond != k || t->rhs)
        continue;
      rc = ld_buf_printf(b, "%s%lld", n++ && t->c >= 0 ? "+" : "", t->c);
      if (!rc)
        rc = put_factor(b, t->sym, 0);
      if (!rc)
        rc = put_factor(b, t->range, 1);
    }
    if (!rc && !n)
      rc = ld_buf_puts(b, "0");
    for (i = 0; i < o->nterms && !rc; i++) {
      const struct ld_gproof_cterm *t = &o->terms[i];
      if (t->cond != k || !t->rhs)
        continue;
      rc = ld_buf_printf(b, "<%lld", llabs_(t->c));
      if (!rc)
        rc = put_factor(b, t->sym, 0);
    }
  }
  return rc;
}
