/* Resolving a report record into a struct ld_rt_race_desc (see
 * ld_rt_describe.h).  Host code, plain C. */
#include "ld_rt_describe.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ld_error.h"
#include "ld_rt_global.h"

static const struct __ldcc_kernel_meta *meta_of(const struct __ldcc_report *r) {
  return (const struct __ldcc_kernel_meta *)(uintptr_t)r->kernel_meta;
}

void ld_rt_kernel_name(const struct __ldcc_kernel_meta *meta, char *buf,
                       size_t size) {
  static const char prefix[] = "__ldcc_meta_";
  const char *pretty = meta->instance_name ? meta->instance_name() : NULL;
  const char *p, *end;

  snprintf(buf, size, "%s", meta->name ? meta->name : "?");
  if (!pretty)
    return;
  /* gcc: "... [with T = __ldcc_meta_k<256>]", clang: "... [T = ...]" */
  p = strstr(pretty, "T = ");
  if (!p)
    return;
  p += 4;
  end = strrchr(p, ']');
  if (!end || strncmp(p, prefix, sizeof prefix - 1))
    return;
  p += sizeof prefix - 1;
  /* The instance's template arguments after the kernel's name: the type's
   * own name is the kernel's stem, `scale__0` where kernels share a name
   * (docs/translator.md, "Kernels that share a name"). */
  p = memchr(p, '<', (size_t)(end - p));
  if (p && meta->name)
    snprintf(buf, size, "%s%.*s", meta->name, (int)(end - p), p);
}

/* The offset of the extern part inside an arena. */
static uint64_t ext_offset(const struct __ldcc_kernel_meta *meta) {
  struct __ldcc_geometry g =
      __ldcc_geometry_of(meta->static_bytes, meta->align, 0, 1);
  return g.ext_offset;
}

int ld_rt_find_target(const struct __ldcc_kernel_meta *meta, uint64_t offset,
                      uint32_t *target, uint64_t *byte_in_target) {
  uint32_t i;

  for (i = 0; i < meta->ntargets; i++) {
    const struct __ldcc_target_meta *t = &meta->targets[i];
    if (t->is_extern) {
      uint64_t base = ext_offset(meta);
      if (offset >= base) {
        *target = i;
        *byte_in_target = offset - base;
        return LD_OK;
      }
    } else if (offset >= t->offset && offset < t->offset + t->size) {
      *target = i;
      *byte_in_target = offset - t->offset;
      return LD_OK;
    }
  }
  return LD_ENOTFOUND;
}

void ld_rt_element_name(const struct __ldcc_target_meta *t, uint64_t byte,
                        char *buf, size_t size) {
  uint64_t esize = t->elem_size ? t->elem_size : 1;
  uint64_t index = byte / esize, within = byte % esize;
  uint64_t idx[__LDCC_MAX_RANK];
  uint32_t rank = t->rank > __LDCC_MAX_RANK ? __LDCC_MAX_RANK : t->rank;
  size_t n;
  int k;

  n = (size_t)snprintf(buf, size, "%s", t->name ? t->name : "?");
  /* Row-major: the last extent varies fastest; the first may be unknown. */
  for (k = (int)rank - 1; k >= 0; k--) {
    if (k == 0 || t->extents[k] == 0) {
      idx[k] = index;
      index = 0;
    } else {
      idx[k] = index % t->extents[k];
      index /= t->extents[k];
    }
  }
  for (k = 0; k < (int)rank && n < size; k++)
    n += (size_t)snprintf(buf + n, size - n, "[%" PRIu64 "]", idx[k]);
  if (within && n < size)
    snprintf(buf + n, size - n, " (byte %" PRIu64 ")", within);
}

void ld_rt_format_value(const unsigned char *bytes, uint64_t size,
                        uint32_t value_kind, char *buf, size_t size_buf) {
  uint64_t raw = 0, i;
  char hex[2 * 16 + 3];
  size_t n = 0;

  if (size > 16)
    size = 16;
  hex[n++] = '0';
  hex[n++] = 'x';
  for (i = size; i-- > 0;)
    n += (size_t)snprintf(hex + n, sizeof hex - n, "%02x", bytes[i]);
  if (size > 8 || value_kind == __LDCC_VK_OTHER || size == 0) {
    snprintf(buf, size_buf, "%s", hex);
    return;
  }
  for (i = 0; i < size; i++)
    raw |= (uint64_t)bytes[i] << (8 * i);
  if (value_kind == __LDCC_VK_FLOAT && (size == 4 || size == 8)) {
    double d;
    if (size == 4) {
      float f;
      uint32_t r32 = (uint32_t)raw;
      memcpy(&f, &r32, 4);
      d = f;
    } else {
      memcpy(&d, &raw, 8);
    }
    snprintf(buf, size_buf, "%g (%s)", d, hex);
  } else if (value_kind == __LDCC_VK_SIGNED) {
    int64_t v = (int64_t)raw;
    if (size < 8 && (raw >> (8 * size - 1)) & 1)
      v = (int64_t)(raw | (~(uint64_t)0 << (8 * size)));
    snprintf(buf, size_buf, "%" PRId64 " (%s)", v, hex);
  } else if (value_kind == __LDCC_VK_UNSIGNED) {
    snprintf(buf, size_buf, "%" PRIu64 " (%s)", raw, hex);
  } else {
    snprintf(buf, size_buf, "%s", hex);
  }
}

static int site_line(const struct __ldcc_kernel_meta *m, uint32_t site) {
  return site < m->nsites && m->site_lines ? m->site_lines[site] : 0;
}

static size_t site_text(const struct __ldcc_kernel_meta *m, uint32_t site,
                        char *buf, size_t size) {
  if (site == 0)
    return (size_t)snprintf(buf, size, "kernel entry");
  if (m->nsites && site == m->nsites - 1)
    return (size_t)snprintf(buf, size, "kernel exit");
  return (size_t)snprintf(buf, size, "%s:%d",
                          m->site_files && site < m->nsites &&
                                  m->site_files[site]
                              ? m->site_files[site]
                              : (m->file ? m->file : "?"),
                          site_line(m, site));
}

void ld_rt_region_text(const struct __ldcc_kernel_meta *meta,
                       uint32_t start_site, uint32_t end_site, char *buf,
                       size_t size) {
  size_t n = (size_t)snprintf(buf, size, "between ");
  if (n < size)
    n += site_text(meta, start_site, buf + n, size - n);
  if (n < size)
    n += (size_t)snprintf(buf + n, size - n, " and ");
  if (n < size)
    site_text(meta, end_site, buf + n, size - n);
}

/* Whether a write statement on `line` can run in the region: between the
 * two site lines, or (a region closed by a loop's back edge, which ends at
 * or before its start) after the start or before the end. */
static int line_in_region(const struct __ldcc_kernel_meta *m, int line,
                          uint32_t start, uint32_t end) {
  int a = site_line(m, start), b = site_line(m, end);
  /* A statement above the kernel is in a device function it calls (those
   * are defined before it), which any region may run. */
  if (line < m->line)
    return 1;
  /* A region of a device function in another file (a header's helper):
   * its lines are not the kernel file's, any statement may run. */
  if (m->site_files && ((start < m->nsites && m->site_files[start]) ||
                        (end < m->nsites && m->site_files[end])))
    return 1;
  if (a < b)
    return line > a && line < b;
  if (a == b)
    return 1;
  return line > a || line < b;
}

/* The first byte the record concerns, relative to its chunk. */
static unsigned first_byte(uint32_t mask) {
  unsigned b = 0;
  while (b < 16 && !(mask >> b & 1u))
    b++;
  return b < 16 ? b : 0;
}

/* Bytes of the element holding chunk byte `at`, as value text. */
static void element_value(const struct __ldcc_target_meta *t, uint64_t start,
                          const unsigned char *chunk, char *buf, size_t size) {
  /* start: offset of the element relative to the chunk (may be < 0 when
   * the element begins in an earlier chunk: then bytes from 0). */
  int64_t s = (int64_t)start;
  uint64_t esize = t->elem_size ? t->elem_size : 1;
  if (s >= 0 && (uint64_t)s + esize <= 16) {
    ld_rt_format_value(chunk + s, esize, t->value_kind, buf, size);
  } else {
    uint64_t from = s < 0 ? 0 : (uint64_t)s;
    ld_rt_format_value(chunk + from, 16 - from, __LDCC_VK_OTHER, buf, size);
  }
}

/* Element, values and statement lines of a shared-memory record. */
static void describe_shared(const struct __ldcc_report *rec,
                            const struct __ldcc_kernel_meta *m,
                            struct ld_rt_race_desc *d) {
  unsigned fb = first_byte(rec->mask);
  uint64_t off = rec->offset + fb, byte = 0;
  uint32_t ti = 0, i;
  const struct __ldcc_target_meta *t;
  uint64_t esize;
  int64_t estart;

  if (ld_rt_find_target(m, off, &ti, &byte) != LD_OK) {
    snprintf(d->element, sizeof d->element, "(arena byte %" PRIu64 ")", off);
    ld_rt_format_value(rec->value_a, 16, __LDCC_VK_OTHER, d->value_a,
                       sizeof d->value_a);
    ld_rt_format_value(rec->value_b, 16, __LDCC_VK_OTHER, d->value_b,
                       sizeof d->value_b);
    return;
  }
  t = &m->targets[ti];
  d->variable = t->name ? t->name : "?";
  esize = t->elem_size ? t->elem_size : 1;
  ld_rt_element_name(t, byte - byte % esize, d->element, sizeof d->element);
  estart = (int64_t)fb - (int64_t)(byte % esize);
  element_value(t, (uint64_t)estart, rec->value_a, d->value_a,
                sizeof d->value_a);
  element_value(t, (uint64_t)estart, rec->value_b, d->value_b,
                sizeof d->value_b);
  for (i = 0; i < t->nwrite_lines && d->nstatements < LD_RT_MAX_STATEMENTS; i++)
    if (line_in_region(m, t->write_lines[i], rec->start_site, rec->end_site))
      d->statements[d->nstatements++] = t->write_lines[i];
}

static int is_global_race(uint32_t kind) {
  return kind == __LDCC_RK_GLOBAL_WW || kind == __LDCC_RK_GLOBAL_RW;
}

/* What an access of a direct run's kind did ("stored to it"). */
static const char *direct_verb(uint32_t kind) {
  switch (kind) {
  case __LDCC_GK_STORE:
    return "stored to it";
  case __LDCC_GK_READ:
    return "read it";
  case __LDCC_GK_READERS:
    return "read it (and other units too)";
  case __LDCC_GK_ATOMIC:
    return "updated it with a device-scope atomic";
  case __LDCC_GK_ATOMIC_BLOCK:
    return "updated it with a block-scope atomic";
  case __LDCC_GK_ATOMIC_SYSTEM:
    return "updated it with a system-scope atomic";
  case __LDCC_GK_ATOMICS:
    return "updated it with atomics (and other units too)";
  default:
    return "touched it";
  }
}

static int direct_atomic(uint32_t kind) {
  return kind >= __LDCC_GK_ATOMIC && kind <= __LDCC_GK_ATOMICS;
}

/* The header of a direct run's clash by the two kinds. */
static const char *direct_title(uint32_t a, uint32_t b) {
  int ra = a == __LDCC_GK_READ || a == __LDCC_GK_READERS;
  int rb = b == __LDCC_GK_READ;

  if (a == __LDCC_GK_ATOMIC_BLOCK || b == __LDCC_GK_ATOMIC_BLOCK)
    return (ra || rb) ? "unguarded read (of a word updated by block-scope "
                        "atomics)"
           : (a == __LDCC_GK_STORE || b == __LDCC_GK_STORE)
               ? "lost update (a plain store and a block-scope atomic)"
               : "block-scope atomic used across blocks";
  if ((direct_atomic(a) && rb) || (ra && direct_atomic(b)))
    return "unguarded read (of a word other units update atomically)";
  if (direct_atomic(a) || direct_atomic(b))
    return "lost update (a plain store and another unit's atomic)";
  return ra || rb ? "read-write race" : "write-write race";
}

/* Appended to a clash's detail in a kernel with fences: what an order
 * through them lacked (docs/global-check.md, "Fences"). */
static void direct_order(uint32_t order, const char *ua, const char *ub,
                         int warp_units, char *out, size_t size) {
  size_t n = strlen(out);
  const char *unit = warp_units ? "warp" : "block";

  if (n >= size)
    return;
  if (order & __LDCC_GORDER_SEVERAL)
    snprintf(out + n, size - n,
             "; no fence orders them: %s made no acquire (a fence, or an "
             "atomic whose value it reads) after those accesses",
             ub);
  else if (!(order & __LDCC_GORDER_RELEASED) && (order & __LDCC_GORDER_BLOCK))
    snprintf(out + n, size - n,
             "; no fence orders them: %s made only __threadfence_block() "
             "after its access, which orders nothing for another block "
             "(that needs __threadfence())",
             ua);
  else if (!(order & __LDCC_GORDER_RELEASED))
    snprintf(out + n, size - n,
             "; no fence orders them: %s made no fence after its access "
             "(a release: a fence, then the flag or the unlock)",
             ua);
  else
    snprintf(out + n, size - n,
             "; no fence orders them: %s made no acquire (a fence after it "
             "saw the flag, or an atomic whose value it reads) between the "
             "other %s's fence and its access",
             ub, unit);
}

/* A clash between lanes of one warp in one instruction (mask bit 29;
 * docs/global-check.md, "Lanes of one warp"): the unit is the warp,
 * rec->lane holds the two lanes and how many lanes took part, value_a and
 * value_b what the two lanes stored, value_a's upper half the word the
 * lanes of an update read, value_b's the word after the launch. */
static void describe_lanes(const struct __ldcc_report *rec,
                           const struct ld_rt_gctx *c,
                           struct ld_rt_race_desc *d) {
  uint32_t lanes = (uint32_t)rec->lane, size = rec->size > 8 ? 8 : rec->size;
  unsigned la = lanes & 0xffu, lb = lanes >> 8 & 0xffu, n = lanes >> 16 & 0xffu;
  int update = (rec->mask & 0xfu) == __LDCC_GK_UPDATE;
  char unit[160], before[96], after[96];

  ld_rt_global_unit_text(c, rec->warp_a, unit, sizeof unit);
  ld_rt_format_value(rec->value_a + 8, size, c->value_kind, before,
                     sizeof before);
  ld_rt_format_value(rec->value_b + 8, size, c->value_kind, after,
                     sizeof after);
  snprintf(d->header, sizeof d->header, "%s on global memory %s in kernel %s",
           update ? "lost update (lanes of one warp updating one word in the "
                    "same instruction)"
                  : "write-write race between lanes of one warp",
           d->element, d->kernel);
  snprintf(d->detail, sizeof d->detail,
           "%s: %u lanes %s it in one instruction at %s:%u%s%s; lanes %u and "
           "%u stored %s and %s%s; %s after the launch",
           unit, n, update ? "updated" : "stored to", d->file, rec->block[0],
           update ? ", each from " : "", update ? before : "", la, lb,
           d->value_a, d->value_b,
           update ? ": one lane's update overwrites the other's" : "", after);
  snprintf(d->region, sizeof d->region,
           "one instruction at %s:%u (the lanes of a warp are not ordered "
           "without __syncwarp, a warp collective or an atomic)",
           d->file, rec->block[0]);
  d->nstatements = 0;
  if (rec->block[0])
    d->statements[d->nstatements++] = (int)rec->block[0];
}

/* A clash of the direct one run (mask bit 31): both accesses with their
 * kinds, units and lines, the value before the later one and after the
 * launch (ld_rt_gdirect.cu). */
static void describe_direct(const struct __ldcc_report *rec,
                            const struct ld_rt_gctx *c,
                            struct ld_rt_race_desc *d) {
  uint32_t ka = rec->mask & 0xfu, kb = rec->mask >> 4 & 0xfu;
  const char *file = d->file;
  char ua[160], ub[160], la[200], lb[200];

  if (ka == __LDCC_GK_READERS || ka == __LDCC_GK_ATOMICS)
    snprintf(ua, sizeof ua, "several %ss", c->warp_units ? "warp" : "block");
  else
    ld_rt_global_unit_text(c, rec->warp_a, ua, sizeof ua);
  ld_rt_global_unit_text(c, rec->warp_b, ub, sizeof ub);
  if (rec->block[0])
    snprintf(la, sizeof la, " at %s:%u", file, rec->block[0]);
  else
    la[0] = '\0';
  if (rec->block[1])
    snprintf(lb, sizeof lb, " at %s:%u", file, rec->block[1]);
  else
    lb[0] = '\0';
  snprintf(d->header, sizeof d->header, "%s on global memory %s in kernel %s",
           direct_title(ka, kb), d->element, d->kernel);
  snprintf(d->detail, sizeof d->detail,
           "%s %s%s, %s %s%s; %s before the second access, %s after the "
           "launch",
           ua, direct_verb(ka), la, ub, direct_verb(kb), lb, d->value_a,
           d->value_b);
  /* A kernel with fences: end_site says which half of an order through
   * them is missing (include/ldcc/global.h, __LDCC_GORDER_*); not for two
   * atomics (a block-scope one used by two blocks needs device scope, not
   * a fence). */
  if ((rec->end_site & __LDCC_GORDER_FENCES) &&
      !(direct_atomic(ka) && direct_atomic(kb)))
    direct_order(rec->end_site, ua, ub, c->warp_units, d->detail,
                 sizeof d->detail);
  /* Two warps of one block (mask bit 30): block[2] is 1 + the block's
   * barrier count at both accesses (docs/global-check.md, "Warps of one
   * block"); with grid syncs it is 1 + the region both accesses were in
   * (ld_rt_gdirect.cu). */
  if ((rec->mask & 0x40000000u) && rec->block[2] == 1)
    snprintf(d->region, sizeof d->region,
             "from kernel entry to the block's first barrier, with no "
             "barrier between the two warps' accesses");
  else if (rec->mask & 0x40000000u)
    snprintf(d->region, sizeof d->region,
             "after the block's barrier %u (counted from kernel entry), with "
             "no barrier between the two warps' accesses",
             rec->block[2] - 1);
  else if (rec->block[2] == 1)
    snprintf(d->region, sizeof d->region,
             "from kernel entry to the first grid sync");
  else if (rec->block[2])
    snprintf(d->region, sizeof d->region,
             "between grid syncs %u and %u (counted from kernel entry)",
             rec->block[2] - 1, rec->block[2]);
  d->nstatements = 0;
  d->accesses = 1;
  if (rec->block[0])
    d->statements[d->nstatements++] = (int)rec->block[0];
  if (rec->block[1] && rec->block[1] != rec->block[0])
    d->statements[d->nstatements++] = (int)rec->block[1];
}

/* Element, values, units and lines of a race across blocks: the record
 * names its launch context (start_site), the copies (warp_a, warp_b) and
 * the element's address (offset) and bytes (size). */
static void describe_global(const struct __ldcc_report *rec,
                            struct ld_rt_race_desc *d) {
  const struct ld_rt_gctx *c = ld_rt_gctx_get(rec->start_site);
  uint32_t size = rec->size > 16 ? 16 : rec->size;
  char ua[160], ub[160];

  if (!c) {
    snprintf(d->header, sizeof d->header,
             "%s race on global memory in kernel %s (launch context lost)",
             rec->kind == __LDCC_RK_GLOBAL_WW ? "write-write" : "read-write",
             d->kernel);
    return;
  }
  d->variable = c->name ? c->name : "?";
  ld_rt_global_element(c, rec->offset, d->element, sizeof d->element);
  ld_rt_format_value(rec->value_a, size, c->value_kind, d->value_a,
                     sizeof d->value_a);
  ld_rt_format_value(rec->value_b, size, c->value_kind, d->value_b,
                     sizeof d->value_b);
  snprintf(d->region, sizeof d->region, "the whole launch");
  snprintf(d->region_from, sizeof d->region_from, "kernel entry");
  snprintf(d->region_to, sizeof d->region_to, "kernel exit");
  if (rec->mask & 0x20000000u) {
    describe_lanes(rec, c, d);
    return;
  }
  if (rec->mask & 0x80000000u) {
    describe_direct(rec, c, d);
    return;
  }
  ld_rt_global_unit_text(c, rec->warp_a, ua, sizeof ua);
  ld_rt_global_unit_text(c, rec->warp_b, ub, sizeof ub);
  if (rec->kind == __LDCC_RK_GLOBAL_WW) {
    snprintf(d->header, sizeof d->header,
             "write-write race on global memory %s in kernel %s", d->element,
             d->kernel);
    snprintf(d->detail, sizeof d->detail, "%s wrote %s, %s wrote %s", ua,
             d->value_a, ub, d->value_b);
  } else {
    snprintf(d->header, sizeof d->header,
             "read-write race on global memory %s in kernel %s", d->element,
             d->kernel);
    snprintf(d->detail, sizeof d->detail,
             "%s's result changes once it sees other %ss' writes: %s in pass "
             "1, %s in pass 2",
             ub, c->warp_units ? "warp" : "block", d->value_a, d->value_b);
  }
  snprintf(d->region, sizeof d->region, "the whole launch");
  snprintf(d->region_from, sizeof d->region_from, "kernel entry");
  snprintf(d->region_to, sizeof d->region_to, "kernel exit");
}

/* Variable, element and statements of an intra-warp record: the sites
 * are the two accesses, targets[site - 1] the variable of each; the device
 * worked out the element's indices. */
static void describe_intra_warp(const struct __ldcc_report *rec,
                                const struct __ldcc_kernel_meta *m,
                                struct ld_rt_race_desc *d) {
  const struct __ldcc_target_meta *t = NULL;
  unsigned nidx = rec->value_b[0], i;
  size_t n;

  d->memory = rec->kind == __LDCC_RK_CLUSTER_SHARED ||
                      rec->kind == __LDCC_RK_WARP_SHARED ||
                      (rec->mask & __LDCC_ITS_M_SHARED)
                  ? "shared"
                  : "global";
  if (rec->end_site >= 1 && rec->end_site <= m->ntargets)
    t = &m->targets[rec->end_site - 1];
  d->variable = t && t->name ? t->name : "?";
  /* An atomic's site is named "<op>:<variable>" (distributed shared
   * memory): the variable. */
  if ((rec->kind == __LDCC_RK_CLUSTER_SHARED ||
       rec->kind == __LDCC_RK_WARP_SHARED) &&
      strrchr(d->variable, ':'))
    d->variable = strrchr(d->variable, ':') + 1;
  n = (size_t)snprintf(d->element, sizeof d->element, "%s", d->variable);
  if (nidx == 0xff) {
    snprintf(d->element + n, sizeof d->element - n, " (address 0x%" PRIx64 ")",
             rec->offset);
    nidx = 0;
  }
  for (i = 0; i < nidx && i < 4 && n < sizeof d->element; i++) {
    uint32_t v;
    memcpy(&v, rec->value_a + 4 * i, 4);
    n += (size_t)snprintf(d->element + n, sizeof d->element - n, "[%u]", v);
  }
  for (i = 0; t && i < t->nwrite_lines && d->nstatements < LD_RT_MAX_STATEMENTS;
       i++)
    d->statements[d->nstatements++] = t->write_lines[i];
}

/* Operation and variable of a block-scope atomic record: targets[site - 1]
 * is named "<op>:<variable>"; the operation goes to value_a. */
static void describe_scoped(const struct __ldcc_report *rec,
                            const struct __ldcc_kernel_meta *m,
                            struct ld_rt_race_desc *d) {
  const char *name = "?:?", *colon;

  if (rec->end_site >= 1 && rec->end_site <= m->ntargets &&
      m->targets[rec->end_site - 1].name)
    name = m->targets[rec->end_site - 1].name;
  colon = strrchr(name, ':'); /* the operation may be `ns::op` */
  if (!colon)
    colon = name + strlen(name);
  snprintf(d->value_a, sizeof d->value_a, "%.*s", (int)(colon - name), name);
  d->variable = *colon ? colon + 1 : "?";
  snprintf(d->element, sizeof d->element, "%s", d->variable);
}

/* snprintf that may cut a long line short (names can be long). */
static void put(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void put(char *buf, size_t size, const char *fmt, ...) {
  va_list ap;

  va_start(ap, fmt);
  vsnprintf(buf, size, fmt, ap);
  va_end(ap);
}

/* The flag of a scoped-fence record: the name of the flag write's site
 * (value_b[4..7]), "<op>:<variable>" for an atomic, without the op. */
static const char *mp_flag(const struct __ldcc_report *rec,
                           const struct __ldcc_kernel_meta *m) {
  uint32_t site;
  const char *name, *colon;

  memcpy(&site, rec->value_b + 4, 4);
  if (site < 1 || site > m->ntargets || !m->targets[site - 1].name)
    return "?";
  name = m->targets[site - 1].name;
  colon = strchr(name, ':');
  return colon ? colon + 1 : name;
}

/* Header and detail of a scoped-fence record: who handed what to whom,
 * which fence was missing where. */
static void describe_mp(const struct __ldcc_report *rec,
                        const struct __ldcc_kernel_meta *m,
                        struct ld_rt_race_desc *d) {
  static const char *const seen[] = {"no fence", "only __threadfence_block()",
                                     "__threadfence()", "?"};
  const uint32_t *b = rec->block;
  unsigned wwarp = rec->value_b[8], wlane = rec->value_b[9],
           rwarp = rec->value_b[10];
  int across = rec->warp_a != rec->warp_b;
  uint32_t fsite;
  char who[96], flag_at[160];
  const char *flag = mp_flag(rec, m), *need;

  describe_intra_warp(rec, m, d);
  d->memory = "global";
  memcpy(&fsite, rec->value_b + 4, 4);
  site_text(m, fsite, flag_at, sizeof flag_at);
  if (across)
    snprintf(who, sizeof who, "block %u to block %u", rec->warp_a, rec->warp_b);
  else
    snprintf(who, sizeof who, "warp %u to warp %u of block %u", wwarp, rwarp,
             rec->warp_b);
  need = across ? "between blocks that needs __threadfence() (device scope)"
                : "within a block that needs at least __threadfence_block()";
  if (rec->mask & __LDCC_MP_M_READER) {
    put(d->header, sizeof d->header,
        "data handed from %s through flag %s in kernel %s with %s "
        "between the flag read (%s) and the read of %s (%s)",
        who, flag, d->kernel, seen[rec->mask & __LDCC_MP_M_LEVEL],
        d->region_from, d->element, d->region_to);
    put(d->detail, sizeof d->detail,
        "block (%u,%u,%u), warp %u, lane %d read %s at %s and then %s at "
        "%s, written by block %u, warp %u, lane %u; %s between the flag "
        "read and the data read",
        b[0], b[1], b[2], rwarp, rec->lane, flag, d->region_from, d->element,
        d->region_to, rec->warp_a, wwarp, wlane, need);
    return;
  }
  put(d->header, sizeof d->header,
      "data handed from %s through flag %s in kernel %s with %s between "
      "the write of %s (%s) and the flag write (%s)",
      who, flag, d->kernel, seen[rec->mask & __LDCC_MP_M_LEVEL], d->element,
      d->region_from, flag_at);
  put(d->detail, sizeof d->detail,
      "block %u, warp %u, lane %u wrote %s at %s and then %s at %s; "
      "block (%u,%u,%u), warp %u, lane %d saw the flag and read it at "
      "%s; %s between the data write and the flag write",
      rec->warp_a, wwarp, wlane, d->element, d->region_from, flag, flag_at,
      b[0], b[1], b[2], rwarp, rec->lane, d->region_to, need);
}

/* The header and detail lines of each kind. */
/* A copy of the shared-memory check by the warps that used it: one warp,
 * or with warp groups (lane <= -2 holds shift << 8 | bit, include/ldcc/
 * replay.cuh) "warp 4 (or 6: they shared a copy)". */
static void copy_owner(char *out, size_t cap, uint32_t warp, int32_t lane) {
  unsigned grp, g, b, k;
  size_t n;

  n = (size_t)snprintf(out, cap, "warp %u", warp);
  if (lane > -2 || n >= cap)
    return;
  grp = (unsigned)(-(lane + 2));
  g = grp >> 8;
  b = grp & 255u;
  if (g == 0 || g > 8 || b > 31)
    return;
  for (k = 1; k < 1u << g && n < cap; k++)
    n += (size_t)snprintf(out + n, cap - n, "%s%u", k == 1 ? " (or " : ", ",
                          warp + (k << b));
  if (n < cap)
    snprintf(out + n, cap - n, ": they shared a copy)");
}

/* A second CUB collective on one TempStorage with no barrier between
 * (cub-temp-reuse): the variable's name is in value_a and value_b. */
static void describe_cub(const struct __ldcc_report *rec,
                         struct ld_rt_race_desc *d) {
  const uint32_t *b = rec->block;
  char name[33];

  memcpy(name, rec->value_a, 16);
  memcpy(name + 16, rec->value_b, 16);
  name[32] = 0;
  snprintf(d->element, sizeof d->element, "%s", name);
  snprintf(d->header, sizeof d->header,
           "race on shared variable %s (CUB temporary storage) in kernel %s",
           name, d->kernel);
  snprintf(d->detail, sizeof d->detail,
           "block (%u,%u,%u), warp %u, lane %d: a second CUB collective used "
           "it in the region that starts at %s, with no __syncthreads() "
           "since the first; threads still reading the first one's results "
           "race with the second one's writes (CUB requires a barrier "
           "before temporary storage is reused)",
           b[0], b[1], b[2], rec->warp_b, rec->lane, d->region_from);
  d->value_a[0] = d->value_b[0] = 0;
}

/* The lines of a distributed-shared-memory record: warp_a and warp_b the
 * two blocks' ranks, lane the owner's, mask the two kinds. */
static void describe_cluster(const struct __ldcc_report *rec,
                             struct ld_rt_race_desc *d) {
  static const char *const did[] = {"read", "wrote", "used an atomic on"};
  const uint32_t *b = rec->block;
  uint32_t cluster;

  memcpy(&cluster, rec->value_b + 4, 4);
  snprintf(d->header, sizeof d->header,
           "race on distributed shared memory %s in kernel %s, between "
           "blocks of rank %u and %u of cluster %u",
           d->element, d->kernel, rec->warp_a, rec->warp_b, cluster);
  snprintf(d->detail, sizeof d->detail,
           "in the shared memory of the block of rank %u: the block of rank "
           "%u %s it at %s, the block of rank %u (block (%u,%u,%u)) %s it at "
           "%s, with no cluster.sync() between",
           (unsigned)rec->lane, rec->warp_a, did[(rec->mask & 3) % 3],
           /* Sites are noted after the state (best effort): two blocks
            * at once may leave the earlier one's unrecorded. */
           rec->start_site ? d->region_from : "a line not recorded",
           rec->warp_b, b[0], b[1], b[2], did[((rec->mask >> 2) & 3) % 3],
           d->region_to);
}

/* The lines of a record of shared memory without a replay: warp_a and
 * warp_b the two warps, mask the two kinds. */
static void describe_warps(const struct __ldcc_report *rec,
                           struct ld_rt_race_desc *d) {
  static const char *const did[] = {"read", "wrote", "used an atomic on"};
  const uint32_t *b = rec->block;

  snprintf(d->header, sizeof d->header,
           "race on shared variable %s in kernel %s, between warps %u and %u",
           d->element, d->kernel, rec->warp_a, rec->warp_b);
  snprintf(d->detail, sizeof d->detail,
           "block (%u,%u,%u): warp %u %s it at %s, warp %u %s it at %s, with "
           "no __syncthreads() between",
           b[0], b[1], b[2], rec->warp_a, did[(rec->mask & 3) % 3],
           /* Sites are noted after the state (best effort). */
           rec->start_site ? d->region_from : "a line not recorded",
           rec->warp_b, did[((rec->mask >> 2) & 3) % 3], d->region_to);
}

/* A shared read-write race: seen by its values (warp_a == warp_b, whose
 * result changed in pass 2) or by its reads (replay.cuh mark_read: warp_a
 * read the element, warp_b changed it from value_a to value_b). */
static void describe_read_write(const struct __ldcc_report *rec,
                                struct ld_rt_race_desc *d) {
  const uint32_t *b = rec->block;
  char wa[80], wb[80];

  copy_owner(wb, sizeof wb, rec->warp_b, rec->lane);
  snprintf(d->header, sizeof d->header,
           "read-write race on shared variable %s in kernel %s", d->element,
           d->kernel);
  if (rec->warp_a != rec->warp_b) {
    copy_owner(wa, sizeof wa, rec->warp_a, rec->lane);
    snprintf(d->detail, sizeof d->detail,
             "block (%u,%u,%u): %s read it while %s wrote %s over %s, with "
             "no __syncthreads() between",
             b[0], b[1], b[2], wa, wb, d->value_b, d->value_a);
    return;
  }
  snprintf(d->detail, sizeof d->detail,
           "block (%u,%u,%u): %s's result changes once it sees other "
           "warps' writes: %s in pass 1, %s in pass 2",
           b[0], b[1], b[2], wb, d->value_a, d->value_b);
}

static void describe_lines(const struct __ldcc_report *rec,
                           struct ld_rt_race_desc *d) {
  const uint32_t *b = rec->block;
  uint32_t n1, n2;
  char wa[80], wb[80];

  switch (rec->kind) {
  case __LDCC_RK_WRITE_WRITE:
    copy_owner(wa, sizeof wa, rec->warp_a, rec->lane);
    copy_owner(wb, sizeof wb, rec->warp_b, rec->lane);
    snprintf(d->header, sizeof d->header,
             "write-write race on shared variable %s in kernel %s", d->element,
             d->kernel);
    snprintf(d->detail, sizeof d->detail,
             "block (%u,%u,%u): %s wrote %s, %s wrote %s", b[0], b[1], b[2], wa,
             d->value_a, wb, d->value_b);
    break;
  case __LDCC_RK_READ_WRITE:
    describe_read_write(rec, d);
    break;
  case __LDCC_RK_REGISTERS:
    snprintf(d->header, sizeof d->header,
             "read-write race through registers in kernel %s", d->kernel);
    snprintf(d->detail, sizeof d->detail,
             "block (%u,%u,%u): warp %u (lane %d): a local differs between the "
             "passes (it read data another warp wrote in the same region)",
             b[0], b[1], b[2], rec->warp_b, rec->lane);
    break;
  case __LDCC_RK_GLOBAL:
    snprintf(d->header, sizeof d->header,
             "read-write race through a global store in kernel %s", d->kernel);
    snprintf(d->detail, sizeof d->detail,
             "block (%u,%u,%u): warp %u (lane %d): the store to 0x%" PRIx64
             " wrote %s in pass 1, %s in pass 2 (it read data another warp "
             "wrote in the same region)",
             b[0], b[1], b[2], rec->warp_b, rec->lane, rec->offset, d->value_a,
             d->value_b);
    break;
  case __LDCC_RK_GLOBAL_ATOMIC:
    snprintf(d->header, sizeof d->header,
             "read-write race through a global atomic in kernel %s", d->kernel);
    if (rec->offset) {
      snprintf(d->detail, sizeof d->detail,
               "block (%u,%u,%u): warp %u (lane %d): the atomic on 0x%" PRIx64
               " had operand %s in pass 1, %s in pass 2 (it read data another "
               "warp wrote in the same region)",
               b[0], b[1], b[2], rec->warp_b, rec->lane, rec->offset,
               d->value_a, d->value_b);
      break;
    }
    memcpy(&n1, rec->value_a, 4);
    memcpy(&n2, rec->value_b, 4);
    snprintf(d->value_a, sizeof d->value_a, "%u", n1);
    snprintf(d->value_b, sizeof d->value_b, "%u", n2);
    snprintf(d->detail, sizeof d->detail,
             "block (%u,%u,%u): warp %u (lane %d): %u global atomics in pass "
             "1, %u in pass 2 (its control flow read data another warp wrote "
             "in the same region)",
             b[0], b[1], b[2], rec->warp_b, rec->lane, n1, n2);
    break;
  case __LDCC_RK_INTRA_WARP:
    snprintf(d->header, sizeof d->header,
             "intra-warp race on %s %s in kernel %s",
             d->memory && !strcmp(d->memory, "shared") ? "shared variable"
                                                       : "global memory",
             d->element, d->kernel);
    snprintf(d->detail, sizeof d->detail,
             "block (%u,%u,%u), warp %u: lane %u %s it at %s, lane %d %s it "
             "at %s, with no __syncwarp, warp collective or barrier between",
             b[0], b[1], b[2], rec->warp_b, rec->mask & __LDCC_ITS_M_LANE,
             rec->mask & __LDCC_ITS_M_A_WROTE ? "wrote" : "read",
             d->region_from, rec->lane,
             rec->mask & __LDCC_ITS_M_B_WROTE ? "wrote" : "read", d->region_to);
    break;
  case __LDCC_RK_SCOPED_ATOMIC:
    snprintf(d->header, sizeof d->header,
             "block-scope %s on %s in kernel %s, accessed by blocks %u and %u",
             d->value_a, d->element, d->kernel, rec->warp_a, rec->warp_b);
    snprintf(d->detail, sizeof d->detail,
             "block %u used it at %s, block (%u,%u,%u) (block %u) at %s; an "
             "atomic of block scope is not atomic for other blocks",
             rec->warp_a, d->region_from, b[0], b[1], b[2], rec->warp_b,
             d->region_to);
    break;
  case __LDCC_RK_CUB_REUSE:
    describe_cub(rec, d);
    break;
  case __LDCC_RK_CLUSTER_SHARED:
    describe_cluster(rec, d);
    break;
  case __LDCC_RK_WARP_SHARED:
    describe_warps(rec, d);
    break;
  case __LDCC_RK_SCOPED_FENCE:
    break; /* describe_mp wrote them */
  case __LDCC_RK_LOG_OVERFLOW:
    snprintf(d->header, sizeof d->header,
             "note: a region of kernel %s stores to global memory more often "
             "than the undo log holds; it was checked for write-write races "
             "only",
             d->kernel);
    snprintf(d->detail, sizeof d->detail, "block (%u,%u,%u)", b[0], b[1], b[2]);
    break;
  default:
    snprintf(d->header, sizeof d->header, "unknown report kind %u", rec->kind);
    break;
  }
}

void ld_rt_race_describe(const struct __ldcc_report *rec,
                         struct ld_rt_race_desc *d) {
  const struct __ldcc_kernel_meta *m = meta_of(rec);

  memset(d, 0, sizeof *d);
  d->rec = rec;
  d->kind = rec->kind;
  d->file = m->file ? m->file : "?";
  d->launch_file = __ldcc_launch_file(m, (int)rec->launch_id);
  ld_rt_kernel_name(m, d->kernel, sizeof d->kernel);
  d->memory = ld_rt_kind_memory(rec->kind);
  if (is_global_race(rec->kind)) {
    describe_global(rec, d);
    /* The region is the whole launch: the kernel's definition stands for
     * both ends in SARIF and suppressions. */
    d->region_lines[0] = d->region_lines[1] = m->line;
    if (m->launch_lines && rec->launch_id < m->nlaunches)
      d->launch_line = m->launch_lines[rec->launch_id];
    return;
  }
  if (rec->kind == __LDCC_RK_WRITE_WRITE || rec->kind == __LDCC_RK_READ_WRITE)
    describe_shared(rec, m, d);
  else if (rec->kind == __LDCC_RK_GLOBAL ||
           (rec->kind == __LDCC_RK_GLOBAL_ATOMIC && rec->offset)) {
    ld_rt_format_value(rec->value_a, rec->size, __LDCC_VK_OTHER, d->value_a,
                       sizeof d->value_a);
    ld_rt_format_value(rec->value_b, rec->size, __LDCC_VK_OTHER, d->value_b,
                       sizeof d->value_b);
  }
  if (rec->kind == __LDCC_RK_INTRA_WARP ||
      rec->kind == __LDCC_RK_CLUSTER_SHARED ||
      rec->kind == __LDCC_RK_WARP_SHARED)
    describe_intra_warp(rec, m, d);
  else if (rec->kind == __LDCC_RK_SCOPED_ATOMIC)
    describe_scoped(rec, m, d);
  ld_rt_region_text(m, rec->start_site, rec->end_site, d->region,
                    sizeof d->region);
  site_text(m, rec->start_site, d->region_from, sizeof d->region_from);
  site_text(m, rec->end_site, d->region_to, sizeof d->region_to);
  if (rec->kind == __LDCC_RK_SCOPED_FENCE)
    describe_mp(rec, m, d);
  describe_lines(rec, d);
  d->region_lines[0] = site_line(m, rec->start_site);
  d->region_lines[1] = site_line(m, rec->end_site);
  if (m->launch_lines && rec->launch_id < m->nlaunches)
    d->launch_line = m->launch_lines[rec->launch_id];
}

void ld_rt_race_key_of(const struct __ldcc_report *rec,
                       struct ld_rt_race_key *k) {
  const struct __ldcc_kernel_meta *m = meta_of(rec);

  memset(k, 0, sizeof *k);
  k->kind = rec->kind;
  k->start_site = rec->start_site;
  k->end_site = rec->end_site;
  k->kernel_meta = rec->kernel_meta;
  k->target = UINT32_MAX;
  k->element = UINT64_MAX;
  if (is_global_race(rec->kind)) {
    /* One race per kernel and allocation, whatever the launch. */
    const struct ld_rt_gctx *c = ld_rt_gctx_get(rec->start_site);
    k->start_site = k->end_site = 0;
    k->element = c ? c->base : 0;
    /* A direct run's clashes: one race per pair of access kinds too. */
    if (rec->mask & 0x80000000u)
      k->end_site = rec->mask;
    return;
  }
  if (rec->kind == __LDCC_RK_WRITE_WRITE || rec->kind == __LDCC_RK_READ_WRITE) {
    uint64_t off = rec->offset + first_byte(rec->mask), byte;
    uint32_t ti;
    if (ld_rt_find_target(m, off, &ti, &byte) == LD_OK) {
      uint64_t es = m->targets[ti].elem_size ? m->targets[ti].elem_size : 1;
      k->target = ti;
      k->element = byte / es;
    } else {
      k->element = off;
    }
  }
}
