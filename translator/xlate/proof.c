/* The shared-memory proof's decision (ld_proof.h, docs/shared-replay.md
 * "Kernels proved race-free").
 *
 * Regions: the sites split the body into segments (segment k lies between
 * site k - 1 and site k in source order; the last one runs to the end).  A
 * region is one segment, or, around a loop whose body holds sites, the
 * segment after the loop's last site followed by the segment before its
 * first one (the back edge): those two are merged, so a class of merged
 * segments holds every access that may run in one region.  That is exact
 * only when control between sites is structured, hence the conditions: a
 * site under a condition, a call of a device function with barriers, or a
 * break/continue of a loop with sites gives up.
 *
 * In a class, a target that no access writes is only read: no race.  One
 * that is written must be accessed only at one tuple of thread indices
 * (`tile[threadIdx.y][threadIdx.x]`, `s[tid]` with tid = threadIdx.x), the
 * same for every access of the class: each thread then touches its own
 * element alone.  The tuple keeps threads apart when each index stays
 * inside its dimension and the block has one thread along the components
 * it does not use: those are the bounds the launch checks.  The outermost
 * index may also be `threadIdx.y + j` with j = 0, K, 2K, ... (a loop
 * `for (j = 0; ...; j += K)`): threads then stay apart when blockDim.y <= K
 * (a thread meets its own elements only). */
#include "ld_proof.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_error.h"

static size_t find(size_t *uf, size_t i) {
  while (uf[i] != i)
    i = uf[i] = uf[uf[i]];
  return i;
}

static void unite(size_t *uf, size_t a, size_t b) {
  a = find(uf, a);
  b = find(uf, b);
  if (a != b)
    uf[a > b ? a : b] = a < b ? a : b;
}

static int say(struct ld_proof *out, const char *fmt, ...) {
  va_list ap;
  int n;

  va_start(ap, fmt);
  n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  out->proved = 0;
  free(out->why);
  out->why = malloc((size_t)n + 1);
  if (!out->why)
    return LD_ENOMEM;
  va_start(ap, fmt);
  vsnprintf(out->why, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return 0;
}

/* The segment before (k) or after (k + 1) site k holds the offset. */
static size_t segment_of(const struct ld_proof_input *in, size_t off,
                         int *inside) {
  size_t k, n = 0;

  *inside = 0;
  for (k = 0; k < in->nsites; k++) {
    if (in->sites[k].end <= off)
      n++;
    else if (in->sites[k].begin <= off)
      *inside = 1; /* a predicate: before the barrier, its result after */
  }
  return n;
}

/* Resolves the access's subscripts: 1 when it names one whole element by
 * a tuple of distinct threadIdx components, comp[k] the component of
 * subscript k and atom[k] what it is (the component, or a strided atom,
 * allowed in the outermost subscript only: its index leaves that dimension
 * only by leaving the array). */
static int own_tuple(const struct ld_proof_input *in,
                     const struct ld_proof_access *a, int comp[], int atom[]) {
  int k, seen = 0;

  if (a->other || a->rank < 1 || a->rank > LD_PROOF_MAX_RANK ||
      a->ndims != a->rank)
    return 0;
  for (k = 0; k < a->rank; k++) {
    int c = a->atom[k];
    atom[k] = c;
    if (c >= LD_PROOF_STRIDED) {
      size_t l = (size_t)(c - LD_PROOF_STRIDED) / 3;
      if (k != 0 || l >= in->nlocals || !in->stride || in->stride[l] <= 0)
        return 0;
      c = (c - LD_PROOF_STRIDED) % 3;
    } else if (c >= LD_PROOF_LOCAL) {
      size_t l = (size_t)(c - LD_PROOF_LOCAL);
      c = l < in->nlocals ? in->alias[l] : -1;
      atom[k] = c;
    }
    if (c < 0 || c > 2 || (seen & 1 << c))
      return 0;
    seen |= 1 << c;
    comp[k] = c;
  }
  return 1;
}

/* ---- Offsets: one-dimensional indices threadIdx.x + v ------------------- */

static struct ld_proof_val vcomb(struct ld_proof_val a, struct ld_proof_val b,
                                 int sign, int *ok) {
  struct ld_proof_val d;

  d.c = a.c + sign * b.c;
  d.bdx = a.bdx + sign * b.bdx;
  if (a.k && b.k && a.sym != b.sym)
    *ok = 0;
  d.sym = a.k ? a.sym : b.sym;
  d.k = a.k + sign * b.k;
  if (!d.k)
    d.sym = -1;
  return d;
}

static struct ld_proof_val vsub(struct ld_proof_val a, struct ld_proof_val b,
                                int *ok) {
  return vcomb(a, b, -1, ok);
}

static struct ld_proof_val vadd(struct ld_proof_val a, long long c) {
  a.c += c;
  return a;
}

static int vequal(struct ld_proof_val a, struct ld_proof_val b) {
  int ok = 1;
  struct ld_proof_val d = vsub(a, b, &ok);
  return ok && !d.c && !d.k && !d.bdx;
}

/* Whether u <= v whatever the symbols, with blockDim.x >= 1; a proof that
 * needs blockDim.x <= N sets *need = N (else 0). */
static int vle(struct ld_proof_val u, struct ld_proof_val v, long long *need) {
  int ok = 1;
  struct ld_proof_val d = vsub(v, u, &ok);

  *need = 0;
  if (!ok || d.k)
    return 0;
  if (d.bdx >= 0)
    return d.c + d.bdx >= 0;
  if (d.c / -d.bdx < 1)
    return 0;
  *need = d.c / -d.bdx;
  return 1;
}

/* The best way (no bound, else the loosest) to show that some x of xs and
 * y of ys satisfy x + dx <= y + dy; 1 when one does. */
static int some_le(const struct ld_proof_val *xs, int nx,
                   struct ld_proof_val dx, const struct ld_proof_val *ys,
                   int ny, struct ld_proof_val dy, long long *need) {
  static const struct ld_proof_val zero = {0, 0, -1, 0};
  int i, j, found = 0;
  long long best = 0, n;

  for (i = 0; i < nx; i++)
    for (j = 0; j < ny; j++) {
      int ok = 1;
      struct ld_proof_val u =
          vsub(vcomb(xs[i], dx, 1, &ok), vcomb(ys[j], dy, 1, &ok), &ok);
      if (!ok || !vle(u, zero, &n))
        continue;
      if (!n) {
        *need = 0;
        return 1;
      }
      if (!found || n > best)
        best = n;
      found = 1;
    }
  *need = best;
  return found;
}

/* The single thread of a range (hi = lo + 1), if it is one. */
static int point_of(const struct ld_proof_range *r, struct ld_proof_val *p) {
  int i, j;

  for (i = 0; i < r->nlo; i++)
    for (j = 0; j < r->nhi; j++)
      if (vequal(vadd(r->lo[i], 1), r->hi[j])) {
        *p = r->lo[i];
        return 1;
      }
  return 0;
}

/* Whether thread value d lies outside a's range: d < lo or d >= hi. */
static int outside(const struct ld_proof_range *r, struct ld_proof_val d,
                   long long *need) {
  struct ld_proof_val z = {0, 0, -1, 0};
  return some_le(&d, 1, vadd(z, 1), r->lo, r->nlo, z, need) ||
         some_le(r->hi, r->nhi, z, &d, 1, z, need);
}

/* Whether accesses a and b (one of them a store) can never touch one
 * element from two threads; *need as for vle. */
static int apart(const struct ld_proof_access *a,
                 const struct ld_proof_access *b, long long *need) {
  struct ld_proof_val p, q;
  int ok = 1;

  *need = 0;
  if (!a->lin.valid || !b->lin.valid)
    return 0;
  if (a->lin.has_t && b->lin.has_t) {
    if (vequal(a->lin.v, b->lin.v))
      return 1; /* t + v = t' + v: one thread */
    /* [lo_a + v_a, hi_a + v_a) and [lo_b + v_b, hi_b + v_b) apart */
    return some_le(a->range.hi, a->range.nhi, a->lin.v, b->range.lo,
                   b->range.nlo, b->lin.v, need) ||
           some_le(b->range.hi, b->range.nhi, b->lin.v, a->range.lo,
                   a->range.nlo, a->lin.v, need);
  }
  if (!a->lin.has_t && b->lin.has_t) {
    const struct ld_proof_access *t = a;
    a = b;
    b = t;
  }
  if (a->lin.has_t) {
    /* the thread of a that meets b's element: t = v_b - v_a */
    struct ld_proof_val d = vsub(b->lin.v, a->lin.v, &ok);
    if (!ok)
      return 0;
    if (point_of(&b->range, &p) && vequal(p, d))
      return 1; /* that thread is b's only one */
    return outside(&a->range, d, need);
  }
  /* two fixed elements */
  if (some_le(&a->lin.v, 1, (struct ld_proof_val){1, 0, -1, 0}, &b->lin.v, 1,
              (struct ld_proof_val){0, 0, -1, 0}, need) ||
      some_le(&b->lin.v, 1, (struct ld_proof_val){1, 0, -1, 0}, &a->lin.v, 1,
              (struct ld_proof_val){0, 0, -1, 0}, need))
    return 1;
  return vequal(a->lin.v, b->lin.v) && point_of(&a->range, &p) &&
         point_of(&b->range, &q) && vequal(p, q);
}

static int add_bound(struct ld_proof *out, size_t member, int dim, int comp,
                     long long value) {
  size_t i;
  struct ld_proof_bound *b;

  for (i = 0; i < out->nbounds; i++)
    if (out->bounds[i].member == member && out->bounds[i].dim == dim &&
        out->bounds[i].comp == comp && out->bounds[i].value == value)
      return 0;
  b = realloc(out->bounds, (out->nbounds + 1) * sizeof *b);
  if (!b)
    return LD_ENOMEM;
  out->bounds = b;
  b[out->nbounds].member = member;
  b[out->nbounds].dim = dim;
  b[out->nbounds].comp = comp;
  b[out->nbounds].value = value;
  out->nbounds++;
  return 0;
}

static int check_structure(const struct ld_proof_input *in,
                           struct ld_proof *out) {
  size_t k, j;

  if (in->why)
    return say(out, "%s", in->why);
  for (k = 0; k < in->nsites; k++)
    if (!in->sites[k].structured)
      return say(out,
                 "the barrier at line %u is under a condition or is a call",
                 in->sites[k].line);
  for (j = 0; j < in->njumps; j++)
    for (k = 0; k < in->nsites; k++)
      if (in->sites[k].begin >= in->jumps[j].loop_b &&
          in->sites[k].begin < in->jumps[j].loop_e)
        return say(out, "break or continue at line %u in a loop with a barrier",
                   in->jumps[j].line);
  return 0;
}

/* Whether access a may run in class cl. */
static int in_class(const struct ld_proof_input *in, size_t *uf,
                    const struct ld_proof_access *a, size_t cl) {
  int inside;
  size_t s = segment_of(in, a->off, &inside);
  return find(uf, s) == cl || (inside && find(uf, s + 1) == cl);
}

/* Target m, written in class cl, accessed there only as `tile[k / W][k %
 * W]` with one local k = threadIdx.y * A + threadIdx.x + j * K (j = 0, 1,
 * ...) and W the row's length: k walks the tile's elements in order, each
 * thread its own ones while the block's threads number at most K and
 * blockDim.x <= A (the linear thread index then tells threads apart and
 * stays below K).  1 with the bounds added, 0 when not of that form. */
static int tiled_target(const struct ld_proof_input *in, size_t *uf, size_t cl,
                        size_t m, struct ld_proof *out, int *rc) {
  const struct ld_proof_access *first = NULL;
  long long a, k;
  size_t i;

  for (i = 0; i < in->nacc; i++) {
    const struct ld_proof_access *x = &in->acc[i];
    if (x->member != m || !in_class(in, uf, x, cl))
      continue;
    if (!x->tiled || x->tw <= 0 || x->tw != x->ext1 || x->tk >= in->nlocals ||
        (first && (x->tk != first->tk || x->tw != first->tw)))
      return 0;
    first = x;
  }
  if (!first || !in->row || !in->step)
    return 0;
  a = in->row[first->tk];
  k = in->step[first->tk];
  if (a < 0 || k <= 0 || (a && k / a < 1))
    return 0;
  if (a) {
    *rc = add_bound(out, SIZE_MAX, 0, 0, a);
    if (!*rc)
      *rc = add_bound(out, SIZE_MAX, 0, 1, k / a);
    out->ones |= 4u;
  } else {
    *rc = add_bound(out, SIZE_MAX, 0, 0, k);
    out->ones |= 6u;
  }
  return 1;
}

/* Target m, written in class cl: every access of it there at one own tuple
 * (the bounds of that tuple), else, for a one-dimensional target, every two
 * accesses of which one stores apart (offsets and conditions); else not
 * proved. */
static int region_target(const struct ld_proof_input *in, size_t *uf, size_t cl,
                         size_t m, struct ld_proof *out) {
  int comp[LD_PROOF_MAX_RANK] = {0}, atom[LD_PROOF_MAX_RANK] = {0};
  int first[LD_PROOF_MAX_RANK] = {0}, first_comp[LD_PROOF_MAX_RANK] = {0};
  int d, rank = 0, own = 1, has = 0, rc = 0;
  const struct ld_proof_access *bad = NULL;
  size_t i, j;

  if (tiled_target(in, uf, cl, m, out, &rc))
    return rc;
  for (i = 0; i < in->nacc && own; i++) {
    const struct ld_proof_access *a = &in->acc[i];
    if (a->member != m || !in_class(in, uf, a, cl))
      continue;
    if (!in->bounded[m] || !own_tuple(in, a, comp, atom) ||
        (has && memcmp(first, atom, sizeof atom))) {
      own = 0;
      bad = a;
      break;
    }
    if (!has) {
      has = 1;
      rank = a->rank;
      memcpy(first, atom, sizeof atom);
      memcpy(first_comp, comp, sizeof comp);
    }
  }
  if (own) {
    unsigned used = 0;
    for (d = 0; d < rank && !rc; d++) {
      used |= 1u << first_comp[d];
      if (first[d] >= LD_PROOF_STRIDED)
        rc = add_bound(out, SIZE_MAX, d, first_comp[d],
                       in->stride[(size_t)(first[d] - LD_PROOF_STRIDED) / 3]);
      else
        rc = add_bound(out, m, d, first_comp[d], 0);
    }
    out->ones |= 7u & ~used;
    return rc;
  }
  /* Offsets: every pair with a store apart. */
  for (i = 0; i < in->nacc; i++) {
    const struct ld_proof_access *a = &in->acc[i];
    if (a->member != m || !in_class(in, uf, a, cl))
      continue;
    for (j = i; j < in->nacc; j++) {
      const struct ld_proof_access *b = &in->acc[j];
      long long need;
      if (b->member != m || (!a->write && !b->write) ||
          (i == j ? 0 : !in_class(in, uf, b, cl)))
        continue;
      if (a->rank != 1 || b->rank != 1 || a->ndims != 1 || b->ndims != 1 ||
          !apart(a, b, &need)) {
        if (!in->bounded[m] && (a->write || b->write))
          return say(out, "'%s' has no fixed size and is written (line %u)",
                     in->names[m], (a->write ? a : b)->line);
        return say(out,
                   "'%s' is written in a region that also uses it at another "
                   "thread's element (line %u)",
                   in->names[m], (bad ? bad : b)->line);
      }
      if (need && (rc = add_bound(out, SIZE_MAX, 0, 0, need)) != 0)
        return rc;
    }
  }
  out->ones |= 6u; /* threadIdx.x alone tells the threads apart */
  return 0;
}

int ld_proof_decide(const struct ld_proof_input *in, struct ld_proof *out) {
  size_t nseg = in->nsites + 1, ncls = nseg * (in->nmembers ? in->nmembers : 1);
  size_t *uf = NULL, k, i;
  unsigned char *wrote = NULL; /* per (class, member): written there */
  int rc = 0;

  memset(out, 0, sizeof *out);
  out->proved = 1;
  rc = check_structure(in, out);
  if (rc || !out->proved)
    return rc;
  uf = malloc(nseg * sizeof *uf);
  wrote = calloc(ncls, 1);
  if (!uf || !wrote) {
    rc = LD_ENOMEM;
    goto done;
  }
  for (k = 0; k < nseg; k++)
    uf[k] = k;
  for (i = 0; i < in->nloops; i++) {
    size_t first = SIZE_MAX, last = 0;
    for (k = 0; k < in->nsites; k++)
      if (in->sites[k].begin >= in->loops[i][0] &&
          in->sites[k].begin < in->loops[i][1]) {
        if (first == SIZE_MAX)
          first = k;
        last = k;
      }
    if (first != SIZE_MAX)
      unite(uf, first, last + 1);
  }
  /* Which classes write which targets; an access anywhere that is not an
   * element's load or store makes the target unprovable. */
  for (i = 0; i < in->nacc; i++) {
    const struct ld_proof_access *a = &in->acc[i];
    int inside;
    size_t s = segment_of(in, a->off, &inside);
    if (a->other) {
      rc = say(out, "'%s' is used other than element by element (line %u)",
               in->names[a->member], a->line);
      goto done;
    }
    if (!a->write)
      continue;
    wrote[find(uf, s) * in->nmembers + a->member] = 1;
    if (inside)
      wrote[find(uf, s + 1) * in->nmembers + a->member] = 1;
  }
  for (k = 0; k < nseg && !rc && out->proved; k++) {
    size_t m;
    if (find(uf, k) != k)
      continue;
    for (m = 0; m < in->nmembers && !rc && out->proved; m++)
      if (wrote[k * in->nmembers + m])
        rc = region_target(in, uf, k, m, out);
  }
done:
  free(uf);
  free(wrote);
  if (rc) {
    ld_proof_free(out);
    return rc;
  }
  return 0;
}

void ld_proof_free(struct ld_proof *p) {
  free(p->why);
  free(p->bounds);
  memset(p, 0, sizeof *p);
}
