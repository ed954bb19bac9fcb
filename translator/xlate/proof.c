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

int ld_proof_decide(const struct ld_proof_input *in, struct ld_proof *out) {
  size_t nseg = in->nsites + 1, ncls = nseg * (in->nmembers ? in->nmembers : 1);
  size_t *uf = NULL, k, i;
  /* per (class, member): 1 written; the first own tuple seen, +1 */
  unsigned char *wrote = NULL;
  int(*tuple)[LD_PROOF_MAX_RANK] = NULL;
  unsigned char *has_tuple = NULL;
  int rc = 0;

  memset(out, 0, sizeof *out);
  out->proved = 1;
  rc = check_structure(in, out);
  if (rc || !out->proved)
    return rc;
  uf = malloc(nseg * sizeof *uf);
  wrote = calloc(ncls, 1);
  has_tuple = calloc(ncls, 1);
  tuple = calloc(ncls, sizeof *tuple);
  if (!uf || !wrote || !has_tuple || !tuple) {
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
  for (i = 0; i < in->nacc; i++) {
    const struct ld_proof_access *a = &in->acc[i];
    int inside, comp[LD_PROOF_MAX_RANK] = {0}, atom[LD_PROOF_MAX_RANK] = {0};
    int d, twice;
    size_t s = segment_of(in, a->off, &inside);
    for (twice = 0; twice <= inside; twice++) {
      size_t c = find(uf, s + (size_t)twice) * in->nmembers + a->member;
      if (!wrote[c])
        continue; /* only read in this region */
      if (!in->bounded[a->member]) {
        rc = say(out, "'%s' has no fixed size and is written (line %u)",
                 in->names[a->member], a->line);
        goto done;
      }
      if (!own_tuple(in, a, comp, atom) ||
          (has_tuple[c] && memcmp(tuple[c], atom, sizeof atom))) {
        rc = say(out,
                 "'%s' is written in a region that also uses it at another "
                 "thread's element (line %u)",
                 in->names[a->member], a->line);
        goto done;
      }
      if (!has_tuple[c]) {
        unsigned used = 0;
        has_tuple[c] = 1;
        memcpy(tuple[c], atom, sizeof atom);
        for (d = 0; d < a->rank && !rc; d++) {
          used |= 1u << comp[d];
          if (atom[d] >= LD_PROOF_STRIDED)
            rc =
                add_bound(out, SIZE_MAX, d, comp[d],
                          in->stride[(size_t)(atom[d] - LD_PROOF_STRIDED) / 3]);
          else
            rc = add_bound(out, a->member, d, comp[d], 0);
        }
        out->ones |= 7u & ~used;
      }
    }
  }
done:
  free(uf);
  free(wrote);
  free(has_tuple);
  free(tuple);
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
