/* The reshuffling schedule and the choice of M (see ld_rt_schedule.h).
 * Host code, plain C. */
#include "ld_rt_schedule.h"

#include "ld_error.h"

uint32_t ld_rt_schedule_rounds(uint64_t n, uint32_t m) {
  uint64_t reach = 1; /* m^rounds: units told apart by `rounds` digits */
  uint32_t rounds = 0;

  if (m < 2)
    return 0;
  while (reach < n) {
    rounds++;
    /* reach * m >= n without computing a product that may overflow. */
    if (reach > (n - 1) / m)
      break;
    reach *= m;
  }
  return rounds;
}

uint64_t ld_rt_schedule_stride(uint64_t n, uint32_t m, uint32_t round) {
  uint64_t stride = 1;
  uint32_t r;

  if (round >= ld_rt_schedule_rounds(n, m))
    return 0;
  for (r = 0; r < round; r++)
    stride *= m; /* m^round <= m^(rounds - 1) < n */
  return stride;
}

uint32_t ld_rt_schedule_copy(uint64_t n, uint32_t m, uint32_t round,
                             uint64_t unit) {
  uint64_t stride = ld_rt_schedule_stride(n, m, round);

  if (stride == 0 || unit >= n)
    return 0;
  return (uint32_t)(unit / stride % m);
}

uint32_t ld_rt_schedule_copies(uint64_t n, uint32_t m, uint32_t round) {
  uint64_t stride = ld_rt_schedule_stride(n, m, round);
  uint64_t digits; /* values unit / stride takes: ceil(n / stride) */

  if (stride == 0)
    return 0;
  digits = (n - 1) / stride + 1;
  return digits < m ? (uint32_t)digits : m;
}

/* The copies that fit: 3/4 of free memory (without overflowing for any
 * free_bytes), at most limit_bytes when set, less fixed_bytes, in copies;
 * 0 when fixed_bytes alone does not fit. */
static uint64_t copies_that_fit(const struct ld_rt_copies_in *in) {
  uint64_t usable =
      in->free_bytes / LD_RT_COPIES_SHARE_DEN * LD_RT_COPIES_SHARE_NUM +
      in->free_bytes % LD_RT_COPIES_SHARE_DEN * LD_RT_COPIES_SHARE_NUM /
          LD_RT_COPIES_SHARE_DEN;

  if (in->limit_bytes && in->limit_bytes < usable)
    usable = in->limit_bytes;
  if (usable < in->fixed_bytes)
    return 0;
  usable -= in->fixed_bytes;
  return in->copy_bytes ? usable / in->copy_bytes : UINT64_MAX;
}

int ld_rt_schedule_pick_copies(const struct ld_rt_copies_in *in, uint32_t *m) {
  uint64_t fit, cap;

  *m = 0;
  if (in->max_copies < 0)
    return LD_EINVAL;
  if (in->nunits <= 1) {
    *m = 2;
    return LD_OK;
  }
  fit = copies_that_fit(in);
  if (fit < 2)
    return LD_ENOMEM;
  cap = in->nunits;
  if (in->max_copies > 0 && (uint64_t)in->max_copies < cap)
    cap = in->max_copies < 2 ? 2 : (uint64_t)in->max_copies;
  if (fit > cap)
    fit = cap;
  *m = fit > UINT32_MAX ? UINT32_MAX : (uint32_t)fit;
  return LD_OK;
}

uint32_t ld_rt_schedule_best_copies(uint64_t n, uint32_t fit,
                                    uint64_t copy_bytes) {
  /* In units of copy_bytes; the fixed part of a round as a fraction. */
  double fixed =
      LD_RT_ROUND_COPIES +
      (copy_bytes ? (double)LD_RT_ROUND_BYTES / (double)copy_bytes : 1e18);
  double best_cost = 0;
  uint32_t best = fit < 2 ? 2 : fit, m, last;

  if (n <= 1 || fit <= 2)
    return 2; /* nothing to compare, or no choice */
  last = n < fit ? (uint32_t)n : fit;
  /* Rounds only change at m = ceil(n^(1/r)): for each number of rounds the
   * fewest copies that reach it are the cheapest; walk m upwards and skip
   * to the next such m. */
  for (m = 2; m <= last;) {
    uint32_t r = ld_rt_schedule_rounds(n, m), lo = m, hi = last, next;
    double cost = (double)r * ((double)m + fixed);
    if (best_cost == 0 || cost <= best_cost) {
      best_cost = cost;
      best = m;
    }
    if (r <= 1)
      break;
    /* The smallest m' > m with fewer rounds (rounds falls as m grows). */
    while (lo < hi) {
      uint32_t mid = lo + (hi - lo) / 2;
      if (ld_rt_schedule_rounds(n, mid) < r)
        hi = mid;
      else
        lo = mid + 1;
    }
    next = lo;
    if (next <= m || ld_rt_schedule_rounds(n, next) >= r)
      break;
    m = next;
  }
  return best;
}

uint64_t ld_rt_schedule_det_rounds(uint64_t n, uint32_t m) {
  return m ? n / m + (n % m != 0) : 0;
}

void ld_rt_schedule_det_range(uint64_t n, uint32_t m, uint64_t round,
                              uint64_t *first, uint64_t *count) {
  *first = *count = 0;
  if (round >= ld_rt_schedule_det_rounds(n, m))
    return;
  *first = round * m;
  *count = n - *first < m ? n - *first : m;
}

int ld_rt_schedule_det_pick(const struct ld_rt_copies_in *in, uint32_t *m,
                            uint64_t *rounds) {
  uint64_t fit, cap = in->nunits ? in->nunits : 1;

  *m = 0;
  *rounds = 0;
  if (in->max_copies < 0)
    return LD_EINVAL;
  fit = copies_that_fit(in);
  if (fit < 1)
    return LD_ENOMEM;
  if (in->max_copies > 0 && (uint64_t)in->max_copies < cap)
    cap = (uint64_t)in->max_copies;
  if (fit > cap)
    fit = cap;
  *m = fit > UINT32_MAX ? UINT32_MAX : (uint32_t)fit;
  *rounds = ld_rt_schedule_det_rounds(in->nunits, *m);
  return LD_OK;
}

int ld_rt_schedule_det_pick_merge(const struct ld_rt_copies_in *in,
                                  uint64_t merge_bytes, uint32_t seq_max,
                                  uint32_t *m, uint64_t *rounds,
                                  int *parallel) {
  struct ld_rt_copies_in with = *in;

  *parallel = 0;
  if (with.fixed_bytes <= UINT64_MAX - merge_bytes) {
    with.fixed_bytes += merge_bytes;
    if (ld_rt_schedule_det_pick(&with, m, rounds) == LD_OK && *m > seq_max) {
      *parallel = 1;
      return LD_OK;
    }
  }
  return ld_rt_schedule_det_pick(in, m, rounds);
}
