/* A kernel's metadata and report records as the translator and the device
 * produce them, shared by the report suites and the sample writer
 * (rt_report_sample.c): block_sum<256> in reduce.cu with int partial[256],
 * sites entry 22, barriers 29 and 36, exit 42, one launch at line 51,
 * statements writing partial at 27, 32 and 40; an extern float halo[]. */
#ifndef RT_REPORT_FIXTURE_H
#define RT_REPORT_FIXTURE_H

#include <stdint.h>
#include <string.h>

#include "ldcc/host.h"

static const int fx_sites[] = {22, 29, 36, 42};
static const int fx_launches[] = {51};
static const int fx_writes_partial[] = {27, 32, 40};
static struct __ldcc_target_meta fx_targets[2];
static struct __ldcc_kernel_meta fx_meta;

static inline const char *fx_pretty(void) {
  return "const char* __ldcc::instance_name() [with T = "
         "__ldcc_meta_block_sum<256>]";
}

static inline void fx_setup(const char *file) {
  memset(fx_targets, 0, sizeof fx_targets);
  fx_targets[0].name = "partial";
  fx_targets[0].size = 1024;
  fx_targets[0].elem_size = 4;
  fx_targets[0].extents[0] = 256;
  fx_targets[0].rank = 1;
  fx_targets[0].value_kind = __LDCC_VK_SIGNED;
  fx_targets[0].nwrite_lines = 3;
  fx_targets[0].write_lines = fx_writes_partial;
  fx_targets[1].name = "halo";
  fx_targets[1].elem_size = 4;
  fx_targets[1].rank = 1;
  fx_targets[1].value_kind = __LDCC_VK_FLOAT;
  fx_targets[1].is_extern = 1;
  memset(&fx_meta, 0, sizeof fx_meta);
  fx_meta.abi = __LDCC_HOST_ABI;
  fx_meta.name = "block_sum";
  fx_meta.file = file;
  fx_meta.line = 22;
  fx_meta.instance_name = fx_pretty;
  fx_meta.static_bytes = 1024;
  fx_meta.align = 4;
  fx_meta.ntargets = 2;
  fx_meta.targets = fx_targets;
  fx_meta.nsites = 4;
  fx_meta.site_lines = fx_sites;
  fx_meta.launch_lines = fx_launches;
  fx_meta.nlaunches = 1;
}

/* A record of `kind` in region 1..2 (29 to 36); for shared kinds, chunk 0
 * with the byte of partial[1] marked and warps 0 and 1 writing 10 and
 * 12. */
static inline struct __ldcc_report fx_record(uint32_t kind, uint32_t bucket) {
  struct __ldcc_report r;
  uint32_t a = 10, b = 12;

  memset(&r, 0, sizeof r);
  r.valid = 1;
  r.kind = kind;
  r.kernel_meta = (uint64_t)(uintptr_t)&fx_meta;
  r.start_site = 1;
  r.end_site = 2;
  r.bucket = bucket;
  r.lane = -1;
  r.block[0] = 2;
  r.warp_a = 0;
  r.warp_b = 1;
  r.mask = 0x10;
  memcpy(r.value_a + 4, &a, 4);
  memcpy(r.value_b + 4, &b, 4);
  if (kind == __LDCC_RK_GLOBAL || kind == __LDCC_RK_GLOBAL_ATOMIC) {
    r.offset = 0x7f0000001000ull;
    r.size = 4;
    r.lane = 5;
    memcpy(r.value_a, &a, 4);
    memcpy(r.value_b, &b, 4);
  }
  if (kind == __LDCC_RK_REGISTERS)
    r.lane = 7;
  return r;
}

#endif
