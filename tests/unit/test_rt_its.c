/* Check suite for the inline checks' host-side logic: the shadow state rule
 * both sides share (include/ldcc/host.h __ldcc_its_step, which the device
 * helpers in include/ldcc/its.cuh call) and the reports of intra-warp,
 * block-scope atomic and scoped-fence records (runtime/ld_rt_report.c,
 * docs/report-format.md). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ld_check.h"
#include "ld_rt_report.h"

/* One access: returns the conflict flag, updates *st. */
static int step(uint64_t *st, unsigned cid, unsigned epoch, unsigned lane,
                int write, unsigned *other, int *other_wrote) {
  uint64_t next;
  unsigned role;
  int hit = __ldcc_its_step(*st, cid, epoch, lane, write, &next, other,
                            other_wrote, &role);
  *st = next;
  return hit;
}

START_TEST(test_step_rule) {
  uint64_t st = 0;
  unsigned other = 99;
  int wrote = -1;

  /* Reads never conflict with reads, a lane never with itself. */
  ck_assert_int_eq(step(&st, 1, 5, 0, 0, &other, &wrote), 0);
  ck_assert_int_eq(step(&st, 1, 5, 16, 0, &other, &wrote), 0);
  ck_assert_int_eq(step(&st, 1, 5, 0, 1, &other, &wrote), 1);
  ck_assert_uint_eq(other, 16); /* lane 0 writes what lane 16 read */
  ck_assert_int_eq(wrote, 0);
  /* A read of what another lane wrote, in the same epoch and claim. */
  ck_assert_int_eq(step(&st, 1, 5, 7, 0, &other, &wrote), 1);
  ck_assert_uint_eq(other, 0);
  ck_assert_int_eq(wrote, 1);
  /* The next epoch (a __syncwarp) forgets everything. */
  ck_assert_int_eq(step(&st, 1, 6, 7, 1, &other, &wrote), 0);
  ck_assert_int_eq(step(&st, 1, 6, 7, 0, &other, &wrote), 0);
  /* Another claim of the slot (another address) too. */
  ck_assert_int_eq(step(&st, 2, 6, 8, 0, &other, &wrote), 0);
  /* Epochs and claims wrap within their fields. */
  ck_assert_uint_eq(__ldcc_its_state(0x8001u, 0x80000005u),
                    __ldcc_its_state(1, 5));
}
END_TEST

START_TEST(test_step_readers) {
  uint64_t st = 0;
  unsigned other = 0;
  int wrote = 0;

  /* Two readers are kept: the first reader writing still conflicts with
   * the second; a third reader is not kept, but any writer other than the
   * first two meets one of them. */
  ck_assert_int_eq(step(&st, 3, 1, 4, 0, &other, &wrote), 0);
  ck_assert_int_eq(step(&st, 3, 1, 9, 0, &other, &wrote), 0);
  ck_assert_int_eq(step(&st, 3, 1, 12, 0, &other, &wrote), 0);
  ck_assert_int_eq(step(&st, 3, 1, 4, 1, &other, &wrote), 1);
  ck_assert_uint_eq(other, 9);
  st = 0;
  ck_assert_int_eq(step(&st, 3, 1, 4, 0, &other, &wrote), 0);
  ck_assert_int_eq(step(&st, 3, 1, 4, 0, &other, &wrote), 0);
  ck_assert_int_eq(step(&st, 3, 1, 4, 1, &other, &wrote), 0);
  /* Write after write by another lane. */
  ck_assert_int_eq(step(&st, 3, 1, 31, 1, &other, &wrote), 1);
  ck_assert_uint_eq(other, 4);
  ck_assert_int_eq(wrote, 1);
}
END_TEST

START_TEST(test_step_weak_store) {
  uint64_t st = 0;
  unsigned other = 0;
  int wrote = 0;

  /* Lanes storing one location with its_wo (write 2) do not conflict
   * (`n = 0` by every lane), but a read of it by another lane does, and a
   * weak store after another lane's read too. */
  ck_assert_int_eq(step(&st, 4, 2, 0, 2, &other, &wrote), 0);
  ck_assert_int_eq(step(&st, 4, 2, 1, 2, &other, &wrote), 0);
  ck_assert_int_eq(step(&st, 4, 2, 5, 0, &other, &wrote), 1);
  ck_assert_uint_eq(other, 1);
  ck_assert_int_eq(wrote, 1);
  st = 0;
  ck_assert_int_eq(step(&st, 4, 2, 3, 0, &other, &wrote), 0);
  ck_assert_int_eq(step(&st, 4, 2, 6, 2, &other, &wrote), 1);
  ck_assert_uint_eq(other, 3);
  ck_assert_int_eq(wrote, 0);
  /* A read-modify-write (write 1) still conflicts with a weak store. */
  st = 0;
  ck_assert_int_eq(step(&st, 4, 2, 3, 2, &other, &wrote), 0);
  ck_assert_int_eq(step(&st, 4, 2, 8, 1, &other, &wrote), 1);
  ck_assert_uint_eq(other, 3);
}
END_TEST

/* A kernel's ITS metadata as the translator emits it: site i is access i,
 * targets[i - 1] its variable. */
static const int lines[] = {3, 10, 10, 11, 15};
static const int s_writes[] = {10, 11};
static const struct __ldcc_target_meta vars[] = {
    {"v", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 2, s_writes},
    {"v", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 2, s_writes},
    {"out", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 0, NULL},
};
static const struct __ldcc_kernel_meta its_meta = {__LDCC_HOST_ABI,
                                                   3,
                                                   "tail",
                                                   "warp.cu",
                                                   3,
                                                   5,
                                                   NULL,
                                                   0,
                                                   1,
                                                   vars,
                                                   lines,
                                                   NULL,
                                                   0,
                                                   0,
                                                   NULL,
                                                   {0, 0, 0},
                                                   NULL,
                                                   NULL,
                                                   NULL};

static struct __ldcc_report its_record(uint32_t a, uint32_t b, uint32_t mask,
                                       unsigned nidx, uint32_t idx0) {
  struct __ldcc_report r;

  memset(&r, 0, sizeof r);
  r.valid = 1;
  r.kind = __LDCC_RK_INTRA_WARP;
  r.kernel_meta = (uint64_t)(uintptr_t)&its_meta;
  r.launch_id = 0xffffffffu;
  r.block[0] = 2;
  r.start_site = a;
  r.end_site = b;
  r.warp_a = r.warp_b = 1;
  r.lane = 16;
  r.mask = mask;
  r.size = 4;
  r.offset = 4ull * idx0;
  memcpy(r.value_a, &idx0, 4);
  r.value_b[0] = (unsigned char)nidx;
  return r;
}

/* The lanes of one instruction step together (its.cuh its_check): the
 * group step equals __ldcc_its_step lane after lane, in lane order, for
 * any state (of this claim and epoch or not, fields of no lane included),
 * group and kind. */
START_TEST(test_group_step_equals_lanes) {
  unsigned long long seed = 0x9E3779B97F4A7C15ull;
  for (int it = 0; it < 1000000; it++) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    unsigned long long r = seed ^ (seed >> 29);
    unsigned cid = 1 + (unsigned)(r & 3), epoch = 7 + (unsigned)(r >> 2 & 1);
    int write = (int)(r >> 3 & 3) % 3;
    /* Small lane numbers and few-lane groups make conflicts likely. */
    unsigned g = (unsigned)(r >> 5) & ((r >> 37 & 1) ? 0xffffffffu : 0x1fu);
    unsigned f[3];
    for (int k = 0; k < 3; k++) {
      unsigned v = (unsigned)(r >> (40 + 6 * k)) & 63;
      f[k] = (r >> (58 + k) & 1) ? v : v % 6;
    }
    uint64_t st = ((r >> 61 & 1) ? __ldcc_its_state(cid, epoch)
                                 : __ldcc_its_state(cid ^ 1, epoch)) |
                  f[0] | (uint64_t)f[1] << 6 | (uint64_t)f[2] << 12;
    if (!g)
      g = 1u << (r >> 50 & 31);
    struct __ldcc_its_hits want = {
        {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, 0};
    struct __ldcc_its_hits got;
    unsigned roles = 0;
    uint64_t cur = st, next;
    for (unsigned m = g; m; m &= m - 1) {
      unsigned l = (unsigned)__builtin_ctz(m), other = 0, role = 0;
      int ow = 0;
      if (__ldcc_its_step(cur, cid, epoch, l, write, &next, &other, &ow,
                          &role)) {
        if (!want.n[role]++) {
          want.lane_a[role] = other;
          want.lane_b[role] = l;
          want.a_wrote[role] = ow;
        }
        roles |= 1u << role;
      }
      cur = next;
    }
    unsigned got_roles =
        __ldcc_its_group_step(st, cid, epoch, g, write, &next, &got);
    int same = next == cur && got_roles == roles;
    for (int k = 0; k < 3; k++)
      same = same && got.n[k] == want.n[k] &&
             (!want.n[k] || (got.lane_a[k] == want.lane_a[k] &&
                             got.lane_b[k] == want.lane_b[k] &&
                             got.a_wrote[k] == want.a_wrote[k]));
    if (!same)
      ck_abort_msg("iteration %d: st %llx g %x write %d: next %llx want "
                   "%llx, roles %x want %x, n %u %u %u want %u %u %u",
                   it, (unsigned long long)st, g, write,
                   (unsigned long long)next, (unsigned long long)cur, got_roles,
                   roles, got.n[0], got.n[1], got.n[2], want.n[0], want.n[1],
                   want.n[2]);
  }
}
END_TEST

START_TEST(test_text_golden) {
  struct __ldcc_report rec =
      its_record(2, 1, 0 | __LDCC_ITS_M_SHARED | __LDCC_ITS_M_B_WROTE, 1, 16);
  char out[2048];

  CAPTURE(out, ld_rt_report_print(&rec, f_));
  ck_assert_str_eq(
      out, "ldcc: intra-warp race on shared variable v[16] in kernel tail\n"
           "  block (2,0,0), warp 1: lane 0 read it at warp.cu:10, lane 16 "
           "wrote it at warp.cu:10, with no __syncwarp, warp collective or "
           "barrier between\n"
           "  region: between warp.cu:10 and warp.cu:10\n"
           "  statements that write v there: warp.cu:10, warp.cu:11\n");
}
END_TEST

START_TEST(test_global_and_unknown_element) {
  struct __ldcc_report rec = its_record(
      3, 3, 5 | __LDCC_ITS_M_A_WROTE | __LDCC_ITS_M_B_WROTE, 0xff, 0);
  struct ld_rt_race_desc d;

  rec.offset = 0x7f0000001000ull;
  ld_rt_race_describe(&rec, &d);
  ck_assert_str_eq(d.header, "intra-warp race on global memory out (address "
                             "0x7f0000001000) in kernel tail");
  ck_assert_str_eq(d.memory, "global");
  ck_assert_str_eq(d.variable, "out");
  ck_assert_int_eq(d.launch_line, 0);
  ck_assert_ptr_nonnull(strstr(d.detail, "lane 5 wrote it at warp.cu:11"));
  ck_assert_str_eq(ld_rt_kind_name(__LDCC_RK_INTRA_WARP), "intra-warp");
  ck_assert_int_eq(ld_rt_kind_is_race(__LDCC_RK_INTRA_WARP), 1);
}
END_TEST

START_TEST(test_json_and_dedup) {
  struct ld_rt_report_config c;
  struct ld_rt_races *r;
  struct __ldcc_report a = its_record(2, 1, __LDCC_ITS_M_SHARED, 1, 16);
  struct __ldcc_report b = its_record(2, 1, __LDCC_ITS_M_SHARED, 1, 17);
  char out[4096];

  memset(&c, 0, sizeof c);
  c.format = LD_RT_FORMAT_JSON;
  c.max_reports = 10;
  r = ld_rt_races_new_config(&c);
  ck_assert_ptr_nonnull(r);
  b.block[0] = 7;
  /* One race per pair of statements, whatever element or block. */
  CAPTURE(out, {
    ck_assert_int_eq(ld_rt_races_add(r, &a, f_), 1);
    ck_assert_int_eq(ld_rt_races_add(r, &b, f_), 0);
  });
  ck_assert_uint_eq(ld_rt_races_count(r), 1);
  ck_assert_ptr_nonnull(strstr(out,
                               "\"kind\":\"intra-warp\",\"memory\":"
                               "\"shared\",\"kernel\":\"tail\","
                               "\"variable\":\"v\",\"element\":\"v[16]\""));
  ck_assert_ptr_nonnull(strstr(out, "\"lane\":16"));
  ld_rt_races_free(r);
}
END_TEST

/* A block-scope atomic record: site 3 of its_meta is named "op:variable"
 * here through a kernel of its own. */
static const struct __ldcc_target_meta scoped_vars[] = {
    {"atomicAdd_block:counter", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 0, NULL},
    {"cuda::atomic_ref<thread_scope_block>:positive",
     0,
     0,
     1,
     {0, 0, 0, 0},
     0,
     3,
     0,
     0,
     NULL},
};
static const int scoped_lines[] = {20, 24, 26};
static const struct __ldcc_kernel_meta scoped_meta = {__LDCC_HOST_ABI,
                                                      2,
                                                      "count",
                                                      "count.cu",
                                                      20,
                                                      3,
                                                      NULL,
                                                      0,
                                                      1,
                                                      scoped_vars,
                                                      scoped_lines,
                                                      NULL,
                                                      0,
                                                      0,
                                                      NULL,
                                                      {0, 0, 0},
                                                      NULL,
                                                      NULL,
                                                      NULL};

START_TEST(test_scoped_golden) {
  struct __ldcc_report rec;
  char out[2048];

  memset(&rec, 0, sizeof rec);
  rec.valid = 1;
  rec.kind = __LDCC_RK_SCOPED_ATOMIC;
  rec.kernel_meta = (uint64_t)(uintptr_t)&scoped_meta;
  rec.block[0] = 17;
  rec.start_site = 1;
  rec.end_site = 1;
  rec.warp_a = 3;
  rec.warp_b = 17;
  CAPTURE(out, ld_rt_report_print(&rec, f_));
  ck_assert_str_eq(out,
                   "ldcc: block-scope atomicAdd_block on counter in kernel "
                   "count, accessed by blocks 3 and 17\n"
                   "  block 3 used it at count.cu:24, block (17,0,0) (block "
                   "17) at count.cu:24; an atomic of block scope is not atomic "
                   "for other blocks\n"
                   "  region: between count.cu:24 and count.cu:24\n");
  ck_assert_str_eq(ld_rt_kind_name(__LDCC_RK_SCOPED_ATOMIC),
                   "block-scope-atomic");
  /* A libcu++ operation has `::` in its name: the variable follows the
   * last colon. */
  rec.start_site = rec.end_site = 2;
  CAPTURE(out, ld_rt_report_print(&rec, f_));
  ck_assert_ptr_nonnull(strstr(out, "ldcc: block-scope "
                                    "cuda::atomic_ref<thread_scope_block> on "
                                    "positive in kernel count, accessed by "
                                    "blocks 3 and 17\n"));
}
END_TEST

/* Scoped-fence records (message passing): sites 1 the data write, 2 the
 * flag write, 3 the flag read, 4 the data read. */
static const int mp_wl_data[] = {12};
static const int mp_wl_flag[] = {14};
static const struct __ldcc_target_meta mp_vars[] = {
    {"data", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 1, mp_wl_data},
    {"ready", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 1, mp_wl_flag},
    {"ready", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 1, mp_wl_flag},
    {"data", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 1, mp_wl_data},
};
static const int mp_lines[] = {10, 12, 14, 18, 21, 25};
static const struct __ldcc_kernel_meta mp_meta = {__LDCC_HOST_ABI,
                                                  4,
                                                  "mp",
                                                  "mp.cu",
                                                  10,
                                                  6,
                                                  NULL,
                                                  0,
                                                  1,
                                                  mp_vars,
                                                  mp_lines,
                                                  NULL,
                                                  0,
                                                  0,
                                                  NULL,
                                                  {0, 0, 0},
                                                  NULL,
                                                  NULL,
                                                  NULL};

static void mp_record(struct __ldcc_report *rec, unsigned wblock,
                      unsigned rblock, unsigned wwarp, unsigned rwarp,
                      unsigned mask) {
  uint32_t flag_site = 2;

  memset(rec, 0, sizeof *rec);
  rec->valid = 1;
  rec->kind = __LDCC_RK_SCOPED_FENCE;
  rec->kernel_meta = (uint64_t)(uintptr_t)&mp_meta;
  rec->block[0] = rblock;
  rec->start_site = mask & __LDCC_MP_M_READER ? 3 : 1;
  rec->end_site = 4;
  rec->warp_a = wblock;
  rec->warp_b = rblock;
  rec->lane = 5;
  rec->mask = mask;
  rec->size = 4;
  rec->value_a[0] = 3; /* data[3] */
  rec->value_b[0] = 1;
  memcpy(rec->value_b + 4, &flag_site, 4);
  rec->value_b[8] = (unsigned char)wwarp;
  rec->value_b[9] = 7;
  rec->value_b[10] = (unsigned char)rwarp;
}

START_TEST(test_mp_golden) {
  struct __ldcc_report rec;
  struct ld_rt_race_desc d;
  char out[4096];

  /* The writer's side, between blocks. */
  mp_record(&rec, 3, 17, 0, 1, 1);
  CAPTURE(out, ld_rt_report_print(&rec, f_));
  ck_assert_str_eq(
      out, "ldcc: data handed from block 3 to block 17 through flag ready in "
           "kernel mp with only __threadfence_block() between the write of "
           "data[3] (mp.cu:12) and the flag write (mp.cu:14)\n"
           "  block 3, warp 0, lane 7 wrote data[3] at mp.cu:12 and then "
           "ready at mp.cu:14; block (17,0,0), warp 1, lane 5 saw the flag "
           "and read it at mp.cu:21; between blocks that needs "
           "__threadfence() (device scope) between the data write and the "
           "flag write\n"
           "  region: between mp.cu:12 and mp.cu:21\n"
           "  statements that write data there: mp.cu:12\n");
  /* Within a block, no fence at all. */
  mp_record(&rec, 2, 2, 0, 1, 0);
  ld_rt_race_describe(&rec, &d);
  ck_assert_str_eq(d.header,
                   "data handed from warp 0 to warp 1 of block 2 through flag "
                   "ready in kernel mp with no fence between the write of "
                   "data[3] (mp.cu:12) and the flag write (mp.cu:14)");
  ck_assert(strstr(d.detail, "within a block that needs at least "
                             "__threadfence_block()") != NULL);
  /* The reader's side. */
  mp_record(&rec, 3, 17, 0, 1, __LDCC_MP_M_READER | 1);
  ld_rt_race_describe(&rec, &d);
  ck_assert_str_eq(d.header,
                   "data handed from block 3 to block 17 through flag ready "
                   "in kernel mp with only __threadfence_block() between the "
                   "flag read (mp.cu:18) and the read of data[3] (mp.cu:21)");
  ck_assert_int_eq(d.region_lines[0], 18);
  ck_assert_int_eq(d.region_lines[1], 21);
  ck_assert_str_eq(ld_rt_kind_name(__LDCC_RK_SCOPED_FENCE), "scoped-fence");
  ck_assert_int_eq(ld_rt_kind_is_race(__LDCC_RK_SCOPED_FENCE), 1);
  ck_assert_str_eq(ld_rt_kind_memory(__LDCC_RK_SCOPED_FENCE), "global");
  ck_assert_str_eq(ld_rt_kind_name(LD_RT_NKINDS), "unknown");
}
END_TEST

/* Distributed shared memory (host.h __ldcc_cl_step): one access of rank
 * `rank` of kind 0 load, 1 store, 2 atomic in epoch e. */
static int cl(uint64_t *st, unsigned e, unsigned rank, int kind,
              unsigned *other, int *okind) {
  uint64_t next;
  int hit = __ldcc_cl_step(*st, e, rank, kind, &next, other, okind);
  *st = next;
  return hit;
}

START_TEST(test_cluster_step_rule) {
  uint64_t st = 0;
  unsigned other = 99;
  int okind = -1;

  /* A block's own accesses never conflict; reads of two blocks neither. */
  ck_assert_int_eq(cl(&st, 0, 1, 1, &other, &okind), 0);
  ck_assert_int_eq(cl(&st, 0, 1, 0, &other, &okind), 0);
  ck_assert_int_eq(cl(&st, 0, 1, 1, &other, &okind), 0);
  /* Another block reading what rank 1 wrote in the same epoch. */
  ck_assert_int_eq(cl(&st, 0, 0, 0, &other, &okind), 1);
  ck_assert_uint_eq(other, 1);
  ck_assert_int_eq(okind, 1);
  /* A cluster.sync() later the word is fresh: a store meets nothing. */
  ck_assert_int_eq(cl(&st, 1, 3, 1, &other, &okind), 0);
  /* A store after another block's read of the same epoch. */
  st = 0;
  ck_assert_int_eq(cl(&st, 4, 2, 0, &other, &okind), 0);
  ck_assert_int_eq(cl(&st, 4, 5, 1, &other, &okind), 1);
  ck_assert_uint_eq(other, 2);
  ck_assert_int_eq(okind, 0);
  /* Atomics of several blocks do not race with each other... */
  st = 0;
  ck_assert_int_eq(cl(&st, 2, 0, 2, &other, &okind), 0);
  ck_assert_int_eq(cl(&st, 2, 1, 2, &other, &okind), 0);
  ck_assert_int_eq(cl(&st, 2, 15, 2, &other, &okind), 0);
  /* ... nor with the owner's own plain read, but another block's read of
   * the word while they add meets one of them. */
  ck_assert_int_eq(cl(&st, 2, 0, 0, &other, &okind), 1);
  ck_assert_uint_eq(other, 1);
  ck_assert_int_eq(okind, 2);
  /* An atomic after another block's plain read of the epoch. */
  ck_assert_int_eq(cl(&st, 2, 1, 2, &other, &okind), 1);
  ck_assert_uint_eq(other, 0);
  ck_assert_int_eq(okind, 0);
  /* A state of a later epoch (an access between barrier_arrive and
   * barrier_wait) is left alone and meets nothing. */
  st = 0;
  ck_assert_int_eq(cl(&st, 7, 1, 1, &other, &okind), 0);
  {
    uint64_t before = st;
    ck_assert_int_eq(cl(&st, 6, 0, 1, &other, &okind), 0);
    ck_assert_uint_eq(st, before);
  }
}
END_TEST

static const int cl_wl_tile[] = {19};
static const struct __ldcc_target_meta cl_vars[] = {
    {"tile", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 1, cl_wl_tile},
    {"prev", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 0, NULL},
    {"atomicAdd:dst", 0, 0, 1, {0, 0, 0, 0}, 0, 3, 0, 0, NULL},
};
static const int cl_lines[] = {13, 19, 27, 30, 35};
static const struct __ldcc_kernel_meta cl_meta = {__LDCC_HOST_ABI,
                                                  3,
                                                  "stencil",
                                                  "ring.cuh",
                                                  13,
                                                  5,
                                                  NULL,
                                                  0,
                                                  1,
                                                  cl_vars,
                                                  cl_lines,
                                                  NULL,
                                                  0,
                                                  0,
                                                  NULL,
                                                  {0, 0, 0},
                                                  NULL,
                                                  NULL,
                                                  NULL};

START_TEST(test_cluster_golden) {
  struct __ldcc_report rec;
  struct ld_rt_race_desc d;
  uint32_t cluster = 3;
  char out[2048];

  memset(&rec, 0, sizeof rec);
  rec.valid = 1;
  rec.kind = __LDCC_RK_CLUSTER_SHARED;
  rec.kernel_meta = (uint64_t)(uintptr_t)&cl_meta;
  rec.block[0] = 13;
  rec.start_site = 1;
  rec.end_site = 2;
  rec.warp_a = 0; /* rank 0 wrote its tile */
  rec.warp_b = 1; /* rank 1 read it */
  rec.lane = 0;
  rec.mask = 1 | 0 << 2;
  rec.size = 4;
  rec.value_a[0] = 127;
  rec.value_b[0] = 1;
  memcpy(rec.value_b + 4, &cluster, 4);
  CAPTURE(out, ld_rt_report_print(&rec, f_));
  ck_assert_str_eq(out,
                   "ldcc: race on distributed shared memory prev[127] in "
                   "kernel stencil, between blocks of rank 0 and 1 of "
                   "cluster 3\n"
                   "  in the shared memory of the block of rank 0: the block "
                   "of rank 0 wrote it at ring.cuh:19, the block of rank 1 "
                   "(block (13,0,0)) read it at ring.cuh:27, with no "
                   "cluster.sync() between\n"
                   "  region: between ring.cuh:19 and ring.cuh:27\n");
  ld_rt_race_describe(&rec, &d);
  ck_assert_str_eq(d.memory, "shared");
  /* An atomic's site names "<op>:<variable>": the variable. */
  rec.start_site = 3;
  rec.end_site = 3;
  rec.mask = 0 | 2 << 2;
  rec.value_b[0] = 0xff;
  ld_rt_race_describe(&rec, &d);
  ck_assert_str_eq(d.variable, "dst");
  ck_assert_ptr_nonnull(strstr(d.detail, "read it at ring.cuh:30, the block "
                                         "of rank 1 (block (13,0,0)) used an "
                                         "atomic on it at ring.cuh:30"));
  /* The earlier access's site may be unrecorded (noted after the state). */
  rec.start_site = 0;
  ld_rt_race_describe(&rec, &d);
  ck_assert_ptr_nonnull(strstr(d.detail, "the block of rank 0 read it at a "
                                         "line not recorded, the block of "
                                         "rank 1"));
  ck_assert_str_eq(ld_rt_kind_name(__LDCC_RK_CLUSTER_SHARED), "cluster-shared");
  ck_assert_int_eq(ld_rt_kind_is_race(__LDCC_RK_CLUSTER_SHARED), 1);
  ck_assert_str_eq(ld_rt_kind_memory(__LDCC_RK_CLUSTER_SHARED), "shared");
}
END_TEST

/* One step of the shadow of shared memory without a replay. */
static int wsv(uint64_t *st, unsigned epoch, unsigned warp, int kind,
               unsigned value, unsigned *other, int *okind) {
  uint64_t next = 0;
  int hit = __ldcc_ws_step(*st, epoch, warp, kind, value, &next, other, okind);
  *st = next;
  return hit;
}

static int ws(uint64_t *st, unsigned epoch, unsigned warp, int kind,
              unsigned *other, int *okind) {
  return wsv(st, epoch, warp, kind, 0, other, okind);
}

START_TEST(test_warp_shadow_rule) {
  uint64_t st = 0;
  unsigned other = 99;
  int okind = -1;

  /* A warp's own accesses never conflict; reads of two warps neither. */
  ck_assert_int_eq(ws(&st, 0, 3, 1, &other, &okind), 0);
  ck_assert_int_eq(ws(&st, 0, 3, 0, &other, &okind), 0);
  ck_assert_int_eq(ws(&st, 0, 3, 2, &other, &okind), 0);
  /* Another warp reading what warp 3 wrote in the same epoch. */
  ck_assert_int_eq(ws(&st, 0, 31, 0, &other, &okind), 1);
  ck_assert_uint_eq(other, 3);
  ck_assert_int_eq(okind, 1);
  /* A barrier later the word is fresh: a store meets nothing. */
  ck_assert_int_eq(ws(&st, 1, 0, 1, &other, &okind), 0);
  /* Two plain stores do not conflict (no values seen: the blind spot),
   * but a read by the first writer meets the second. */
  ck_assert_int_eq(ws(&st, 1, 5, 1, &other, &okind), 0);
  ck_assert_int_eq(ws(&st, 1, 0, 0, &other, &okind), 1);
  ck_assert_uint_eq(other, 5);
  /* A store after reads of two other warps names one of them, also when
   * a third warp read too (two readers are kept). */
  st = 0;
  ck_assert_int_eq(ws(&st, 4, 2, 0, &other, &okind), 0);
  ck_assert_int_eq(ws(&st, 4, 7, 0, &other, &okind), 0);
  ck_assert_int_eq(ws(&st, 4, 9, 0, &other, &okind), 0);
  ck_assert_int_eq(ws(&st, 4, 2, 1, &other, &okind), 1);
  ck_assert_uint_eq(other, 7);
  ck_assert_int_eq(okind, 0);
  /* Atomics of several warps do not race with each other ... */
  st = 0;
  ck_assert_int_eq(ws(&st, 2, 0, 2, &other, &okind), 0);
  ck_assert_int_eq(ws(&st, 2, 1, 2, &other, &okind), 0);
  ck_assert_int_eq(ws(&st, 2, 30, 2, &other, &okind), 0);
  /* ... but a plain read or store of a word others update does. */
  ck_assert_int_eq(ws(&st, 2, 0, 0, &other, &okind), 1);
  ck_assert_uint_eq(other, 1);
  ck_assert_int_eq(okind, 2);
  ck_assert_int_eq(ws(&st, 2, 30, 1, &other, &okind), 1);
  ck_assert_int_eq(okind, 0); /* the reads are looked at first */
  /* An atomic after another warp's plain store of the epoch. */
  st = 0;
  ck_assert_int_eq(ws(&st, 6, 4, 1, &other, &okind), 0);
  ck_assert_int_eq(ws(&st, 6, 8, 2, &other, &okind), 1);
  ck_assert_uint_eq(other, 4);
  ck_assert_int_eq(okind, 1);
  /* Stores whose values are seen: one value is no race, two are; a store
   * whose value is not seen meets no store. */
  st = 0;
  ck_assert_int_eq(wsv(&st, 3, 1, 1, 77, &other, &okind), 0);
  ck_assert_int_eq(wsv(&st, 3, 2, 1, 77, &other, &okind), 0);
  ck_assert_int_eq(wsv(&st, 3, 4, 1, 0, &other, &okind), 0);
  ck_assert_int_eq(wsv(&st, 3, 5, 1, 78, &other, &okind), 0); /* 4's unseen */
  ck_assert_int_eq(wsv(&st, 3, 6, 1, 79, &other, &okind), 1);
  ck_assert_uint_eq(other, 5);
  ck_assert_int_eq(okind, 1);
  ck_assert_int_eq(wsv(&st, 3, 6, 1, 12, &other, &okind), 0); /* its own */
  /* A state of a later epoch is left alone and meets nothing. */
  st = 0;
  ck_assert_int_eq(ws(&st, 7, 1, 1, &other, &okind), 0);
  {
    uint64_t before = st;
    ck_assert_int_eq(ws(&st, 6, 0, 0, &other, &okind), 0);
    ck_assert_uint_eq(st, before);
  }
}
END_TEST

START_TEST(test_warp_shadow_golden) {
  struct __ldcc_report rec;
  struct ld_rt_race_desc d;
  char out[2048];

  memset(&rec, 0, sizeof rec);
  rec.valid = 1;
  rec.kind = __LDCC_RK_WARP_SHARED;
  rec.kernel_meta = (uint64_t)(uintptr_t)&cl_meta;
  rec.block[0] = 6;
  rec.start_site = 1;
  rec.end_site = 2;
  rec.warp_a = 1; /* warp 1 staged the tile */
  rec.warp_b = 0; /* warp 0 read it */
  rec.lane = -1;
  rec.mask = 1 | 0 << 2;
  rec.size = 4;
  rec.value_a[0] = 33;
  rec.value_b[0] = 1;
  CAPTURE(out, ld_rt_report_print(&rec, f_));
  ck_assert_str_eq(out,
                   "ldcc: race on shared variable prev[33] in kernel "
                   "stencil, between warps 1 and 0\n"
                   "  block (6,0,0): warp 1 wrote it at ring.cuh:19, warp 0 "
                   "read it at ring.cuh:27, with no __syncthreads() between\n"
                   "  region: between ring.cuh:19 and ring.cuh:27\n");
  ld_rt_race_describe(&rec, &d);
  ck_assert_str_eq(d.memory, "shared");
  /* An atomic's site names "<op>:<variable>": the variable, no index. */
  rec.start_site = 2;
  rec.end_site = 3;
  rec.mask = 1 | 2 << 2;
  rec.value_b[0] = 0;
  ld_rt_race_describe(&rec, &d);
  ck_assert_str_eq(d.variable, "dst");
  ck_assert_str_eq(d.element, "dst");
  ck_assert_ptr_nonnull(strstr(d.detail, "warp 1 wrote it at ring.cuh:27, "
                                         "warp 0 used an atomic on it at "
                                         "ring.cuh:30"));
  ck_assert_str_eq(ld_rt_kind_name(__LDCC_RK_WARP_SHARED), "inter-warp");
  ck_assert_int_eq(ld_rt_kind_is_race(__LDCC_RK_WARP_SHARED), 1);
  ck_assert_str_eq(ld_rt_kind_memory(__LDCC_RK_WARP_SHARED), "shared");
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_its");
  TCase *tc = tcase_create("core");

  tcase_add_test(tc, test_step_rule);
  tcase_add_test(tc, test_step_readers);
  tcase_add_test(tc, test_step_weak_store);
  tcase_add_test(tc, test_group_step_equals_lanes);
  tcase_add_test(tc, test_text_golden);
  tcase_add_test(tc, test_global_and_unknown_element);
  tcase_add_test(tc, test_json_and_dedup);
  tcase_add_test(tc, test_scoped_golden);
  tcase_add_test(tc, test_mp_golden);
  tcase_add_test(tc, test_cluster_step_rule);
  tcase_add_test(tc, test_cluster_golden);
  tcase_add_test(tc, test_warp_shadow_rule);
  tcase_add_test(tc, test_warp_shadow_golden);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
