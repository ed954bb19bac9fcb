/* The shared-memory proof's decision (ld_shared_proof.h, docs/shared-replay.md
 * "Kernels proved race-free").
 *
 * Regions: the sites and the loops that hold sites cut the body into
 * pieces; a for or while loop's header (init, condition, increment) is a
 * piece of its own.  Control moves from a piece to the next (unless a site
 * stands between them), from a loop's last piece back to its header (the
 * back edge), and from the header to the piece after the loop (its
 * condition fails: at once, or after the last iteration).  An interval between
 * two barriers is a path over those moves, so two pieces may run in one
 * interval when one reaches the other: the set of piece p is p and every piece
 * that reaches it or that it reaches.  That is exact only when control between
 * sites is structured, hence the conditions: a site under a condition, a call
 * of a device function with barriers, or a break/continue of a loop with sites
 * gives up.  (A loop's body after its last site thus runs with its header, the
 * body before its first site and the code after the loop, but those last
 * two never run in one interval.)
 *
 * In a set, a target that no access writes is only read: no race.  One
 * that is written must be accessed only at one tuple of thread indices
 * (`tile[threadIdx.y][threadIdx.x]`, `s[tid]` with tid = threadIdx.x), the
 * same for every access of the set: each thread then touches its own
 * element alone.  The tuple keeps threads apart when each index stays
 * inside its dimension and the block has one thread along the components
 * it does not use: those are the bounds the launch checks.  The outermost
 * index may also be `threadIdx.y + j` with j = 0, K, 2K, ... (a loop
 * `for (j = 0; ...; j += K)`): threads then stay apart when blockDim.y <= K
 * (a thread meets its own elements only). */
#include "ld_shared_proof.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_error.h"

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

/* The pieces (see the top): piece p is [bound[p - 1], bound[p]) (piece 0
 * starts at 0, the last one runs to the end); site[p] when it is a site's
 * statement; near[p * n + q] when p and q may run in one interval. */
struct pieces {
  size_t *bound;
  size_t nbound, n;
  unsigned char *site, *near;
};

static int by_offset(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return x < y ? -1 : x > y;
}

/* The piece holding offset off: the number of bounds at or before it. */
static size_t piece_at(const struct pieces *pc, size_t off) {
  size_t lo = 0, hi = pc->nbound;

  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (pc->bound[mid] <= off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static int loop_has_site(const struct ld_proof_input *in, size_t i) {
  size_t k;

  for (k = 0; k < in->nsites; k++)
    if (in->sites[k].begin >= in->loops[i][0] &&
        in->sites[k].begin < in->loops[i][1])
      return 1;
  return 0;
}

/* reach: a row of w 64-bit words per piece, bit q of row p when control
 * may go from p to q without crossing a site. */
static void link(struct pieces *pc, uint64_t *reach, size_t w, size_t from,
                 size_t to) {
  if (from < pc->n && to < pc->n && !pc->site[from] && !pc->site[to])
    reach[from * w + to / 64] |= (uint64_t)1 << (to % 64);
}

static int reaches(const uint64_t *reach, size_t w, size_t from, size_t to) {
  return (int)(reach[from * w + to / 64] >> (to % 64) & 1);
}

/* Cuts the body and works out which pieces may run in one interval. */
static int pieces_build(const struct ld_proof_input *in, struct pieces *pc) {
  size_t i, j, k, n, w, nb = 0;
  uint64_t *reach = NULL;

  memset(pc, 0, sizeof *pc);
  pc->bound = malloc((2 * in->nsites + 3 * in->nloops + 1) * sizeof *pc->bound);
  if (!pc->bound)
    return LD_ENOMEM;
  for (k = 0; k < in->nsites; k++) {
    pc->bound[nb++] = in->sites[k].begin;
    pc->bound[nb++] = in->sites[k].end;
  }
  for (i = 0; i < in->nloops; i++)
    if (loop_has_site(in, i)) {
      pc->bound[nb++] = in->loops[i][0];
      pc->bound[nb++] = in->loops[i][1];
      if (in->bodies && in->bodies[i] != SIZE_MAX &&
          in->bodies[i] > in->loops[i][0] && in->bodies[i] < in->loops[i][1])
        pc->bound[nb++] = in->bodies[i];
    }
  qsort(pc->bound, nb, sizeof *pc->bound, by_offset);
  for (i = j = 0; i < nb; i++)
    if (!j || pc->bound[j - 1] != pc->bound[i])
      pc->bound[j++] = pc->bound[i];
  pc->nbound = j;
  n = pc->n = j + 1;
  w = (n + 63) / 64;
  pc->site = calloc(n, 1);
  pc->near = calloc(n * n, 1);
  reach = calloc(n * w, sizeof *reach);
  if (!pc->site || !pc->near || !reach) {
    free(reach);
    return LD_ENOMEM;
  }
  for (k = 0; k < in->nsites; k++)
    pc->site[piece_at(pc, in->sites[k].begin)] = 1;
  for (i = 0; i < n; i++) {
    reach[i * w + i / 64] |= (uint64_t)1 << (i % 64);
    if (i + 1 < n)
      link(pc, reach, w, i, i + 1);
  }
  for (i = 0; i < in->nloops; i++)
    if (loop_has_site(in, i)) {
      size_t head = piece_at(pc, in->loops[i][0]);
      size_t after = piece_at(pc, in->loops[i][1]);
      link(pc, reach, w, after - 1, head); /* the back edge */
      if (!in->bodies || in->bodies[i] != in->loops[i][0])
        link(pc, reach, w, head, after); /* the condition fails */
    }
  /* the closure, a row at a time (Warshall over bit sets) */
  for (k = 0; k < n; k++)
    for (i = 0; i < n; i++)
      if (reaches(reach, w, i, k))
        for (j = 0; j < w; j++)
          reach[i * w + j] |= reach[k * w + j];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      pc->near[i * n + j] =
          (unsigned char)(reaches(reach, w, i, j) || reaches(reach, w, j, i));
  free(reach);
  return 0;
}

static void pieces_free(struct pieces *pc) {
  free(pc->bound);
  free(pc->site);
  free(pc->near);
}

/* The pieces an access runs in: one, or the two around a site when it is
 * inside one (a predicate: before the barrier, its result after). */
static int pieces_of(const struct pieces *pc, const struct ld_proof_access *a,
                     size_t out[2]) {
  size_t p = piece_at(pc, a->off);

  if (!pc->site[p]) {
    out[0] = p;
    return 1;
  }
  out[0] = p - 1;
  out[1] = p + 1;
  return 2;
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

/* Whether access a may run in an interval with piece b. */
static int in_set(const struct pieces *pc, const struct ld_proof_access *a,
                  size_t b) {
  size_t ps[2];
  int k, n = pieces_of(pc, a, ps);

  for (k = 0; k < n; k++)
    if (pc->near[b * pc->n + ps[k]])
      return 1;
  return 0;
}

/* The linear-index local of access x: `tile[k / W][k % W]` (W the row's
 * length, *w = W) or, one-dimensional, `s[k]` (*w = 0); SIZE_MAX when it
 * is neither. */
static size_t linear_local(const struct ld_proof_input *in,
                           const struct ld_proof_access *x, long long *w) {
  if (x->tiled && x->tw > 0 && x->tw == x->ext1 && x->tk < in->nlocals) {
    *w = x->tw;
    return x->tk;
  }
  if (x->rank == 1 && x->ndims == 1 && x->atom[0] >= LD_PROOF_LOCAL &&
      x->atom[0] < LD_PROOF_STRIDED &&
      (size_t)(x->atom[0] - LD_PROOF_LOCAL) < in->nlocals) {
    *w = 0;
    return (size_t)(x->atom[0] - LD_PROOF_LOCAL);
  }
  return SIZE_MAX;
}

/* Target m, written in the set of piece cl, accessed there only as `tile[k /
 * W][k % W]` (W the row's length) or, one-dimensional, `s[k]`, with one
 * local k = threadIdx.y * A + threadIdx.x + j * K (j = 0, 1, ...; `for (int
 * b = threadIdx.x; b < BINS; b += BLOCK)`): k walks the elements in order,
 * each thread its own ones while the block's threads number at most K and
 * blockDim.x <= A (the linear thread index then tells threads apart and
 * stays below K).  1 with the bounds added, 0 when not of that form. */
static int tiled_target(const struct ld_proof_input *in,
                        const struct pieces *pc, size_t cl, size_t m,
                        struct ld_proof *out, int *rc) {
  long long a, k, w, w0 = 0;
  size_t i, l, l0 = SIZE_MAX;

  for (i = 0; i < in->nacc; i++) {
    const struct ld_proof_access *x = &in->acc[i];
    if (x->member != m || !in_set(pc, x, cl))
      continue;
    l = linear_local(in, x, &w);
    if (l == SIZE_MAX || (l0 != SIZE_MAX && (l != l0 || w != w0)))
      return 0;
    l0 = l;
    w0 = w;
  }
  if (l0 == SIZE_MAX || !in->row || !in->step)
    return 0;
  a = in->row[l0];
  k = in->step[l0];
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

/* Target m, written in the set of piece cl, accessed there only by atomic
 * updates of one commuting family (ld_proof_access.atomic): they do not
 * race, and their result is the same in any order.  1 when so. */
static int atomic_target(const struct ld_proof_input *in,
                         const struct pieces *pc, size_t cl, size_t m) {
  size_t i;
  int fam = 0;

  for (i = 0; i < in->nacc; i++) {
    const struct ld_proof_access *x = &in->acc[i];
    if (x->member != m || !in_set(pc, x, cl))
      continue;
    if (!x->atomic || (fam && x->atomic != fam))
      return 0;
    fam = x->atomic;
  }
  return fam != 0;
}

/* Target m, written in the set of piece cl, accessed there only at `p` and
 * `p + m` for one pair local p (ld_proof_access.pair): thread t's two
 * elements are t with a 0 and with a 1 put in at m's bit, so no element
 * is two threads' while threadIdx.x alone tells them apart.  1 when of
 * that form. */
static int paired_target(const struct ld_proof_input *in,
                         const struct pieces *pc, size_t cl, size_t m,
                         struct ld_proof *out) {
  size_t i, pair = 0;

  for (i = 0; i < in->nacc; i++) {
    const struct ld_proof_access *x = &in->acc[i];
    if (x->member != m || !in_set(pc, x, cl))
      continue;
    if (!x->pair || x->rank != 1 || x->ndims != 1 || (pair && x->pair != pair))
      return 0;
    pair = x->pair;
  }
  if (!pair)
    return 0;
  out->ones |= 6u;
  return 1;
}

/* Target m, written in the set of piece cl: every access of it there at one own
 * tuple (the bounds of that tuple), else, for a one-dimensional target, every
 * two accesses of which one stores apart (offsets and conditions); else not
 * proved. */
static int region_target(const struct ld_proof_input *in,
                         const struct pieces *pc, size_t cl, size_t m,
                         struct ld_proof *out) {
  int comp[LD_PROOF_MAX_RANK] = {0}, atom[LD_PROOF_MAX_RANK] = {0};
  int first[LD_PROOF_MAX_RANK] = {0}, first_comp[LD_PROOF_MAX_RANK] = {0};
  int d, rank = 0, own = 1, has = 0, rc = 0;
  const struct ld_proof_access *bad = NULL;
  size_t i, j;

  if (atomic_target(in, pc, cl, m))
    return 0;
  if (tiled_target(in, pc, cl, m, out, &rc))
    return rc;
  if (paired_target(in, pc, cl, m, out))
    return 0;
  for (i = 0; i < in->nacc && own; i++) {
    const struct ld_proof_access *a = &in->acc[i];
    if (a->member != m || !in_set(pc, a, cl))
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
    if (a->member != m || !in_set(pc, a, cl))
      continue;
    for (j = i; j < in->nacc; j++) {
      const struct ld_proof_access *b = &in->acc[j];
      long long need;
      if (b->member != m || (!a->write && !b->write) ||
          (i == j ? 0 : !in_set(pc, b, cl)))
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
  struct pieces pc;
  size_t k, i, m;
  unsigned char *wrote = NULL; /* per (piece, member): written there */
  int rc = 0;

  memset(out, 0, sizeof *out);
  memset(&pc, 0, sizeof pc);
  out->proved = 1;
  rc = check_structure(in, out);
  if (rc || !out->proved)
    return rc;
  rc = pieces_build(in, &pc);
  if (!rc && !(wrote = calloc(pc.n * (in->nmembers ? in->nmembers : 1), 1)))
    rc = LD_ENOMEM;
  if (rc)
    goto done;
  /* Which pieces write which targets; an access anywhere that is not an
   * element's load or store makes the target unprovable. */
  for (i = 0; i < in->nacc; i++) {
    const struct ld_proof_access *a = &in->acc[i];
    size_t ps[2];
    int n, j;
    if (a->other) {
      rc = say(out, "'%s' is used other than element by element (line %u)",
               in->names[a->member], a->line);
      goto done;
    }
    if (!a->write)
      continue;
    n = pieces_of(&pc, a, ps);
    for (j = 0; j < n; j++)
      wrote[ps[j] * in->nmembers + a->member] = 1;
  }
  for (k = 0; k < pc.n && !rc && out->proved; k++)
    for (m = 0; m < in->nmembers && !rc && out->proved; m++)
      if (wrote[k * in->nmembers + m])
        rc = region_target(in, &pc, k, m, out);
done:
  pieces_free(&pc);
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
