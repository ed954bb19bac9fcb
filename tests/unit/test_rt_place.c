/* Check suite for the replay's placement arithmetic (runtime/ld_rt_place.c)
 * and the arena geometry both sides compute (include/ldcc/host.h). */
#include <check.h>
#include <stdlib.h>

#include "ld_check.h"
#include "ld_error.h"
#include "ld_rt_place.h"

static struct ld_rt_place_in in_of(uint64_t static_bytes, uint64_t align,
                                   uint64_t user_dyn, uint32_t nthreads) {
  struct ld_rt_place_in in = {static_bytes, align,      user_dyn, nthreads,
                              64,           227 * 1024, 0};
  return in;
}

START_TEST(test_geometry_reduction) {
  /* int partial[256]: 1024 bytes; 8 warps. */
  struct __ldcc_geometry g = __ldcc_geometry_of(1024, 4, 0, 8);

  ck_assert_uint_eq(g.align, 16);
  ck_assert_uint_eq(g.ext_offset, 1024);
  ck_assert_uint_eq(g.arena_bytes, 1024);
  ck_assert_uint_eq(g.lines, 8); /* 256 words -> 8 bitmap words */
  /* bitmap, line and claim masks (5 words per line), then two parities of
   * read masks: readers and one word per copy per line. */
  ck_assert_uint_eq(g.reads_off, 160);
  ck_assert_uint_eq(g.header_bytes, 160 + 2 * 9 * 8 * 4);
  /* 64 16-byte words per copy: one more makes the stride odd. */
  ck_assert_uint_eq(g.stride, 1040);
  ck_assert_uint_eq(g.total_bytes, 736 + 9 * 1040);
}
END_TEST

START_TEST(test_geometry_rounding_and_extern) {
  /* 6-byte layout, 10 bytes of extern: each part rounds to 16. */
  struct __ldcc_geometry g = __ldcc_geometry_of(6, 2, 10, 1);

  ck_assert_uint_eq(g.ext_offset, 16);
  ck_assert_uint_eq(g.arena_bytes, 32);
  ck_assert_uint_eq(g.header_bytes, 48); /* 5 + 2 * 2 words, rounded */
  ck_assert_uint_eq(g.stride, 48);
  ck_assert_uint_eq(g.total_bytes, 48 + 2 * 48);
  /* A 32-aligned layout aligns every part to 32. */
  g = __ldcc_geometry_of(64, 32, 4, 2);
  ck_assert_uint_eq(g.align, 32);
  ck_assert_uint_eq(g.ext_offset, 64);
  ck_assert_uint_eq(g.arena_bytes, 96);
  ck_assert_uint_eq(g.header_bytes, 64); /* 5 + 2 * 3 words */
  ck_assert_uint_eq(g.stride, 96);       /* stays a multiple of the alignment */
  /* An odd number of 16-byte words already is the stride. */
  g = __ldcc_geometry_of(48, 4, 0, 4);
  ck_assert_uint_eq(g.stride, 48);
}
END_TEST

START_TEST(test_shared_when_it_fits) {
  struct ld_rt_place_in in = in_of(2048, 4, 0, 256); /* matmul 16x16 */
  struct ld_rt_place_out out;

  ck_assert_int_eq(ld_rt_place(&in, &out), 0);
  ck_assert_int_eq(out.placement, LD_RT_PLACE_SHARED);
  ck_assert_uint_eq(out.nwarps, 8);
  ck_assert_uint_eq(out.launch_smem, 1472 + 9 * (2048 + 16)); /* odd stride */
  ck_assert_uint_eq(out.slot_bytes, 0);
  ck_assert_uint_eq(out.extra_bytes, 1472 + 9 * (2048 + 16) - 2048);
}
END_TEST

START_TEST(test_partial_warp_counts) {
  struct ld_rt_place_in in = in_of(480, 4, 0, 120); /* 12x10 block */
  struct ld_rt_place_out out;

  ck_assert_int_eq(ld_rt_place(&in, &out), 0);
  ck_assert_uint_eq(out.nwarps, 4);
  ck_assert_uint_eq(out.geo.total_bytes, 240 + 5 * (480 + 16));
  in.nthreads = 33;
  ck_assert_int_eq(ld_rt_place(&in, &out), 0);
  ck_assert_uint_eq(out.nwarps, 2);
}
END_TEST

START_TEST(test_global_when_too_big) {
  /* 32x32 float tiles twice: 8 KB, 32 warps: 33 * 8 KB > 227 KB. */
  struct ld_rt_place_in in = in_of(8192, 4, 0, 1024);
  struct ld_rt_place_out out;

  ck_assert_int_eq(ld_rt_place(&in, &out), 0);
  ck_assert_int_eq(out.placement, LD_RT_PLACE_GLOBAL);
  ck_assert_uint_eq(out.launch_smem, 0);
  ck_assert_uint_eq(out.geo.total_bytes, 18176 + 33 * (8192 + 16));
  ck_assert_uint_eq(out.slot_bytes, 289280); /* total rounded up to 256 */
  /* Exactly at the limit still fits; one byte of clone static more not. */
  in = in_of(1024, 4, 0, 256);
  in.smem_optin = 64 + 736 + 9 * (1024 + 16);
  ck_assert_int_eq(ld_rt_place(&in, &out), 0);
  ck_assert_int_eq(out.placement, LD_RT_PLACE_SHARED);
  in.clone_static_smem++;
  ck_assert_int_eq(ld_rt_place(&in, &out), 0);
  ck_assert_int_eq(out.placement, LD_RT_PLACE_GLOBAL);
  ck_assert_uint_eq(out.slot_bytes, 10 * 1024);
}
END_TEST

START_TEST(test_groups_when_too_big) {
  /* The same 32 warps of 8 KB: with groups allowed, two warps share each
   * copy and the 17 copies fit in shared memory. */
  struct ld_rt_place_in in = in_of(8192, 4, 0, 1024);
  struct ld_rt_place_out out;

  in.groups_ok = 1;
  ck_assert_int_eq(ld_rt_place(&in, &out), 0);
  ck_assert_int_eq(out.placement, LD_RT_PLACE_SHARED);
  ck_assert_uint_eq(out.group_shift, 1);
  ck_assert_uint_eq(out.ncopies, 16);
  ck_assert_uint_eq(out.launch_smem, 9984 + 17 * (8192 + 16));
  /* 16 KB per copy: four warps share each copy (9 copies, 148 KB). */
  in = in_of(16384, 4, 0, 1024);
  in.groups_ok = 1;
  ck_assert_int_eq(ld_rt_place(&in, &out), 0);
  ck_assert_int_eq(out.placement, LD_RT_PLACE_SHARED);
  ck_assert_uint_eq(out.group_shift, 2);
  ck_assert_uint_eq(out.ncopies, 8);
  /* 32 KB: not even 9 copies fit; a global slot with a copy per warp. */
  in = in_of(32768, 4, 0, 1024);
  in.groups_ok = 1;
  ck_assert_int_eq(ld_rt_place(&in, &out), 0);
  ck_assert_int_eq(out.placement, LD_RT_PLACE_GLOBAL);
  ck_assert_uint_eq(out.group_shift, 0);
  ck_assert_uint_eq(out.ncopies, 32);
  ck_assert_uint_eq(out.geo.total_bytes, 72704 + 33 * (32768 + 16));
  /* Two warps never share their only two copies' worth: a block of two
   * warps that does not fit goes to global memory. */
  in = in_of(200000, 4, 0, 64);
  in.groups_ok = 1;
  ck_assert_int_eq(ld_rt_place(&in, &out), 0);
  ck_assert_int_eq(out.placement, LD_RT_PLACE_GLOBAL);
  ck_assert_uint_eq(out.group_shift, 0);
}
END_TEST

/* Every position b keeps the copies below __ldcc_group_copies, the warps
 * that share a copy differ only in bits [b, b + g), and every two warps get
 * their own copies at some position (so rounds and blocks that move b
 * check every pair). */
START_TEST(test_group_mapping) {
  unsigned nw, g, b, w, v;

  ck_assert_uint_eq(__ldcc_group_copies(32, 1), 16);
  ck_assert_uint_eq(__ldcc_group_copies(32, 2), 8);
  ck_assert_uint_eq(__ldcc_group_copies(24, 1), 16);
  ck_assert_uint_eq(__ldcc_group_copies(8, 0), 8);
  ck_assert_uint_eq(__ldcc_group_positions(32, 1), 5);
  /* What the device unpacks (replay.cuh, begin). */
  v = __ldcc_group_pack(32, 1, 16, 1000);
  ck_assert_uint_eq(v & 3u, 1);
  ck_assert_uint_eq((v >> 2 & 63u) + 1, 16);
  ck_assert_uint_eq(v >> 8 & 7u, 5);
  ck_assert_uint_eq(v >> 11, 1000);
  v = __ldcc_group_pack(9, 2, __ldcc_group_copies(9, 2), 0x1fffff + 3);
  ck_assert_uint_eq(v & 3u, 2);
  ck_assert_uint_eq((v >> 2 & 63u) + 1, __ldcc_group_copies(9, 2));
  ck_assert_uint_eq(v >> 8 & 7u, __ldcc_group_positions(9, 2));
  ck_assert_uint_eq(v >> 11, 2);
  ck_assert(!__ldcc_group_ok(2, 1) && __ldcc_group_ok(3, 1));
  ck_assert(!__ldcc_group_ok(8, 2) && __ldcc_group_ok(9, 2));
  for (nw = 3; nw <= 32; nw++)
    for (g = 1; g <= 2 && __ldcc_group_ok(nw, g); g++) {
      unsigned np = __ldcc_group_positions(nw, g);
      unsigned nc = __ldcc_group_copies(nw, g);
      ck_assert_uint_lt(nc, nw);
      for (w = 0; w < nw; w++)
        for (v = w + 1; v < nw; v++) {
          int apart = 0;
          for (b = 0; b < np; b++) {
            unsigned uw = __ldcc_group_unit(w, g, b);
            unsigned uv = __ldcc_group_unit(v, g, b);
            unsigned diff = w ^ v;
            ck_assert_uint_lt(uw, nc);
            ck_assert_int_eq(uw == uv, (diff & ~(((1u << g) - 1) << b)) == 0);
            apart |= uw != uv;
          }
          ck_assert_msg(apart,
                        "warps %u and %u share a copy at every b "
                        "(%u warps, g %u)",
                        w, v, nw, g);
        }
      for (b = 0; b < np; b++)
        for (w = 0; w < nw; w++)
          ck_assert_uint_eq(__ldcc_group_warp(__ldcc_group_unit(w, g, b), g, b),
                            w & ~(((1u << g) - 1) << b));
    }
}
END_TEST

/* The second pass of a round: needed exactly when some copy read and
 * another copy wrote (brute force over every pair of 5-copy masks). */
START_TEST(test_second_pass) {
  unsigned r, w, i, j;

  for (r = 0; r < 32; r++)
    for (w = 0; w < 32; w++) {
      int want = 0;
      for (i = 0; i < 5; i++)
        for (j = 0; j < 5; j++)
          want |= i != j && (r >> i & 1u) && (w >> j & 1u);
      ck_assert_int_eq(__ldcc_second_pass(r, w) != 0, want);
    }
  /* One warp reading and writing alone (a tree reduction's last steps). */
  ck_assert_int_eq(__ldcc_second_pass(1u, 1u), 0);
  ck_assert_int_eq(__ldcc_second_pass(1u, 3u), 1);
  ck_assert_int_eq(__ldcc_second_pass(0u, 3u), 0);
}
END_TEST

START_TEST(test_alignment) {
  struct ld_rt_place_in in = in_of(64, 32, 0, 64);
  struct ld_rt_place_out out;

  /* More than 16-byte alignment: global slots, which are 256-aligned. */
  ck_assert_int_eq(ld_rt_place(&in, &out), 0);
  ck_assert_int_eq(out.placement, LD_RT_PLACE_GLOBAL);
  in.align = 512;
  ck_assert_int_eq(ld_rt_place(&in, &out), LD_EINVAL);
  in = in_of(64, 4, 0, 0);
  ck_assert_int_eq(ld_rt_place(&in, &out), LD_EINVAL);
}
END_TEST

START_TEST(test_pick_clone) {
  /* The normal clone while the block fits its register-limited maximum. */
  ck_assert_int_eq(ld_rt_pick_clone(512, LD_RT_CLONE_NORMAL, 640, 1, 1024),
                   LD_RT_CLONE_NORMAL);
  ck_assert_int_eq(ld_rt_pick_clone(640, LD_RT_CLONE_NORMAL, 640, 0, 0),
                   LD_RT_CLONE_NORMAL);
  /* Bigger blocks: the __lb clone when there is one and it fits. */
  ck_assert_int_eq(ld_rt_pick_clone(1024, LD_RT_CLONE_NORMAL, 640, 1, 1024),
                   LD_RT_CLONE_LB);
  ck_assert_int_eq(ld_rt_pick_clone(1024, LD_RT_CLONE_NORMAL, 640, 0, 0),
                   LD_RT_CLONE_NONE);
  ck_assert_int_eq(ld_rt_pick_clone(1024, LD_RT_CLONE_NORMAL, 640, 1, 896),
                   LD_RT_CLONE_NONE);
  /* The normal clone was tried and cannot run the block (occupancy). */
  ck_assert_int_eq(ld_rt_pick_clone(256, LD_RT_CLONE_LB, 640, 1, 1024),
                   LD_RT_CLONE_LB);
  ck_assert_int_eq(ld_rt_pick_clone(256, LD_RT_CLONE_LB, 640, 0, 0),
                   LD_RT_CLONE_NONE);
  ck_assert_int_eq(ld_rt_pick_clone(0, LD_RT_CLONE_NORMAL, 640, 1, 1024),
                   LD_RT_CLONE_NONE);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_place");
  TCase *tc = tcase_create("core");

  tcase_add_test(tc, test_geometry_reduction);
  tcase_add_test(tc, test_geometry_rounding_and_extern);
  tcase_add_test(tc, test_shared_when_it_fits);
  tcase_add_test(tc, test_partial_warp_counts);
  tcase_add_test(tc, test_global_when_too_big);
  tcase_add_test(tc, test_groups_when_too_big);
  tcase_add_test(tc, test_group_mapping);
  tcase_add_test(tc, test_second_pass);
  tcase_add_test(tc, test_alignment);
  tcase_add_test(tc, test_pick_clone);
  suite_add_tcase(s, tc);
  return ld_check_run(s);
}
