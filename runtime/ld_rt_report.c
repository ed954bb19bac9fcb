/* Report resolution, formatting, de-duplication and the summary (see
 * ld_rt_report.h).  Host code, plain C. */
#include "ld_rt_report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ld_error.h"

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
  snprintf(buf, size, "%.*s", (int)(end - p), p);
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
  return (size_t)snprintf(buf, size, "%s:%d", m->file ? m->file : "?",
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
  if (a < b)
    return line > a && line < b;
  if (a == b)
    return 1;
  return line > a || line < b;
}

static void print_writes_line(const struct __ldcc_kernel_meta *m,
                              const struct __ldcc_target_meta *t,
                              const struct __ldcc_report *rec, FILE *out) {
  uint32_t i;
  int any = 0;

  for (i = 0; i < t->nwrite_lines; i++) {
    int line = t->write_lines[i];
    if (!line_in_region(m, line, rec->start_site, rec->end_site))
      continue;
    if (!any)
      fprintf(out, "  statements that write %s there: ", t->name);
    fprintf(out, "%s%s:%d", any ? ", " : "", m->file ? m->file : "?", line);
    any = 1;
  }
  if (any)
    fputc('\n', out);
}

static void print_tail(const struct __ldcc_kernel_meta *m,
                       const struct __ldcc_report *rec, FILE *out) {
  char region[256];

  ld_rt_region_text(m, rec->start_site, rec->end_site, region, sizeof region);
  fprintf(out, "  region: %s\n", region);
}

static void print_launch(const struct __ldcc_kernel_meta *m,
                         const struct __ldcc_report *rec, FILE *out) {
  if (m->launch_lines && rec->launch_id < m->nlaunches)
    fprintf(out, "  launched at %s:%d\n", m->file ? m->file : "?",
            m->launch_lines[rec->launch_id]);
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

static void print_shared(const struct __ldcc_report *rec, FILE *out) {
  const struct __ldcc_kernel_meta *m = meta_of(rec);
  char kname[256], elem[256], va[96], vb[96];
  unsigned fb = first_byte(rec->mask);
  uint64_t off = rec->offset + fb, byte = 0;
  uint32_t ti = 0;
  const struct __ldcc_target_meta *t = NULL;
  int ww = rec->kind == __LDCC_RK_WRITE_WRITE;

  ld_rt_kernel_name(m, kname, sizeof kname);
  if (ld_rt_find_target(m, off, &ti, &byte) == LD_OK) {
    uint64_t esize;
    int64_t estart;
    t = &m->targets[ti];
    esize = t->elem_size ? t->elem_size : 1;
    ld_rt_element_name(t, byte - byte % esize, elem, sizeof elem);
    estart = (int64_t)fb - (int64_t)(byte % esize);
    element_value(t, (uint64_t)estart, rec->value_a, va, sizeof va);
    element_value(t, (uint64_t)estart, rec->value_b, vb, sizeof vb);
  } else {
    snprintf(elem, sizeof elem, "(arena byte %" PRIu64 ")", off);
    ld_rt_format_value(rec->value_a, 16, __LDCC_VK_OTHER, va, sizeof va);
    ld_rt_format_value(rec->value_b, 16, __LDCC_VK_OTHER, vb, sizeof vb);
  }
  fprintf(out, "ldcc: %s race on shared variable %s in kernel %s\n",
          ww ? "write-write" : "read-write", elem, kname);
  if (ww)
    fprintf(out, "  block (%u,%u,%u): warp %u wrote %s, warp %u wrote %s\n",
            rec->block[0], rec->block[1], rec->block[2], rec->warp_a, va,
            rec->warp_b, vb);
  else
    fprintf(out,
            "  block (%u,%u,%u): warp %u's result changes once it sees other "
            "warps' writes: %s in pass 1, %s in pass 2\n",
            rec->block[0], rec->block[1], rec->block[2], rec->warp_b, va, vb);
  print_tail(m, rec, out);
  if (t)
    print_writes_line(m, t, rec, out);
  print_launch(m, rec, out);
}

void ld_rt_report_print(const struct __ldcc_report *rec, FILE *out) {
  const struct __ldcc_kernel_meta *m = meta_of(rec);
  char kname[256], va[96], vb[96];

  switch (rec->kind) {
  case __LDCC_RK_WRITE_WRITE:
  case __LDCC_RK_READ_WRITE:
    print_shared(rec, out);
    return;
  case __LDCC_RK_REGISTERS:
    ld_rt_kernel_name(m, kname, sizeof kname);
    fprintf(out, "ldcc: read-write race through registers in kernel %s\n",
            kname);
    fprintf(out,
            "  block (%u,%u,%u): warp %u (lane %d): a local differs between "
            "the passes (it read data another warp wrote in the same "
            "region)\n",
            rec->block[0], rec->block[1], rec->block[2], rec->warp_b,
            rec->lane);
    break;
  case __LDCC_RK_GLOBAL:
    ld_rt_kernel_name(m, kname, sizeof kname);
    ld_rt_format_value(rec->value_a, rec->size, __LDCC_VK_OTHER, va, sizeof va);
    ld_rt_format_value(rec->value_b, rec->size, __LDCC_VK_OTHER, vb, sizeof vb);
    fprintf(out, "ldcc: read-write race through a global store in kernel %s\n",
            kname);
    fprintf(out,
            "  block (%u,%u,%u): warp %u (lane %d): the store to 0x%" PRIx64
            " wrote %s in pass 1, %s in pass 2 (it read data another warp "
            "wrote in the same region)\n",
            rec->block[0], rec->block[1], rec->block[2], rec->warp_b, rec->lane,
            rec->offset, va, vb);
    break;
  case __LDCC_RK_GLOBAL_ATOMIC:
    ld_rt_kernel_name(m, kname, sizeof kname);
    fprintf(out, "ldcc: read-write race through a global atomic in kernel %s\n",
            kname);
    if (rec->offset) {
      ld_rt_format_value(rec->value_a, rec->size, __LDCC_VK_OTHER, va,
                         sizeof va);
      ld_rt_format_value(rec->value_b, rec->size, __LDCC_VK_OTHER, vb,
                         sizeof vb);
      fprintf(out,
              "  block (%u,%u,%u): warp %u (lane %d): the atomic on 0x%" PRIx64
              " had operand %s in pass 1, %s in pass 2 (it read data another "
              "warp wrote in the same region)\n",
              rec->block[0], rec->block[1], rec->block[2], rec->warp_b,
              rec->lane, rec->offset, va, vb);
    } else {
      uint32_t n1, n2;
      memcpy(&n1, rec->value_a, 4);
      memcpy(&n2, rec->value_b, 4);
      fprintf(out,
              "  block (%u,%u,%u): warp %u (lane %d): %u global atomics in "
              "pass 1, %u in pass 2 (its control flow read data another warp "
              "wrote in the same region)\n",
              rec->block[0], rec->block[1], rec->block[2], rec->warp_b,
              rec->lane, n1, n2);
    }
    break;
  case __LDCC_RK_LOG_OVERFLOW:
    ld_rt_kernel_name(m, kname, sizeof kname);
    fprintf(out,
            "ldcc: note: a region of kernel %s stores to global memory more "
            "often than the undo log holds; it was checked for write-write "
            "races only\n",
            kname);
    fprintf(out, "  block (%u,%u,%u)\n", rec->block[0], rec->block[1],
            rec->block[2]);
    break;
  default:
    fprintf(out, "ldcc: unknown report kind %u\n", rec->kind);
    return;
  }
  print_tail(m, rec, out);
  print_launch(m, rec, out);
}

/* ---- de-duplication ---------------------------------------------------- */

struct race {
  uint32_t kind, start_site, end_site, target;
  uint64_t kernel_meta, element; /* element: byte of its start, or ~0 */
  uint64_t instances;
  uint32_t *buckets;
  size_t nbuckets, cap_buckets;
};

struct ld_rt_races {
  struct race *v;
  size_t n, cap;
  long max_reports;
  unsigned long printed, races;
};

struct ld_rt_races *ld_rt_races_new(long max_reports) {
  struct ld_rt_races *r = calloc(1, sizeof *r);
  if (r)
    r->max_reports = max_reports;
  return r;
}

void ld_rt_races_free(struct ld_rt_races *r) {
  size_t i;
  if (!r)
    return;
  for (i = 0; i < r->n; i++)
    free(r->v[i].buckets);
  free(r->v);
  free(r);
}

static void key_of(const struct __ldcc_report *rec, struct race *k) {
  const struct __ldcc_kernel_meta *m = meta_of(rec);

  memset(k, 0, sizeof *k);
  k->kind = rec->kind;
  k->start_site = rec->start_site;
  k->end_site = rec->end_site;
  k->kernel_meta = rec->kernel_meta;
  k->target = UINT32_MAX;
  k->element = UINT64_MAX;
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

static int same_key(const struct race *a, const struct race *b) {
  return a->kind == b->kind && a->start_site == b->start_site &&
         a->end_site == b->end_site && a->kernel_meta == b->kernel_meta &&
         a->target == b->target && a->element == b->element;
}

static int add_bucket(struct race *e, uint32_t bucket) {
  size_t i;
  for (i = 0; i < e->nbuckets; i++)
    if (e->buckets[i] == bucket)
      return LD_OK;
  if (e->nbuckets == e->cap_buckets) {
    size_t cap = e->cap_buckets ? 2 * e->cap_buckets : 4;
    uint32_t *b = realloc(e->buckets, cap * sizeof *b);
    if (!b)
      return LD_ENOMEM;
    e->buckets = b;
    e->cap_buckets = cap;
  }
  e->buckets[e->nbuckets++] = bucket;
  return LD_OK;
}

int ld_rt_races_add(struct ld_rt_races *r, const struct __ldcc_report *rec,
                    FILE *out) {
  struct race k, *e;
  size_t i;
  int note = rec->kind == __LDCC_RK_LOG_OVERFLOW;

  key_of(rec, &k);
  for (i = 0; i < r->n; i++) {
    if (same_key(&r->v[i], &k)) {
      r->v[i].instances++;
      return add_bucket(&r->v[i], rec->bucket) == LD_OK ? 0 : LD_ENOMEM;
    }
  }
  if (r->n == r->cap) {
    size_t cap = r->cap ? 2 * r->cap : 16;
    struct race *v = realloc(r->v, cap * sizeof *v);
    if (!v)
      return LD_ENOMEM;
    r->v = v;
    r->cap = cap;
  }
  e = &r->v[r->n++];
  *e = k;
  e->instances = 1;
  if (add_bucket(e, rec->bucket) != LD_OK)
    return LD_ENOMEM;
  if (!note)
    r->races++;
  if (out && (note || r->printed < (unsigned long)r->max_reports)) {
    ld_rt_report_print(rec, out);
    if (!note)
      r->printed++;
  }
  return note ? 0 : 1;
}

unsigned long ld_rt_races_count(const struct ld_rt_races *r) {
  return r->races;
}

void ld_rt_races_summary(struct ld_rt_races *r, const unsigned *counts,
                         unsigned long checked_launches,
                         unsigned long unchecked_launches,
                         uint64_t dropped_records, FILE *out) {
  uint64_t instances = 0;
  unsigned long kernels = 0;
  size_t i, j;

  for (i = 0; i < r->n; i++) {
    struct race *e = &r->v[i];
    int seen = 0;
    if (e->kind == __LDCC_RK_LOG_OVERFLOW)
      continue;
    if (counts) {
      uint64_t sum = 0;
      for (j = 0; j < e->nbuckets; j++)
        sum += counts[e->buckets[j] % __LDCC_BUCKETS];
      e->instances = sum > e->instances ? sum : e->instances;
    }
    instances += e->instances;
    for (j = 0; j < i; j++)
      if (r->v[j].kind != __LDCC_RK_LOG_OVERFLOW &&
          r->v[j].kernel_meta == e->kernel_meta)
        seen = 1;
    kernels += !seen;
  }
  if (r->races)
    fprintf(out,
            "ldcc: summary: %lu distinct race%s (%" PRIu64
            " instance%s) in %lu kernel%s; %lu checked launch%s",
            r->races, r->races == 1 ? "" : "s", instances,
            instances == 1 ? "" : "s", kernels, kernels == 1 ? "" : "s",
            checked_launches, checked_launches == 1 ? "" : "es");
  else
    fprintf(out, "ldcc: summary: no races found; %lu checked launch%s",
            checked_launches, checked_launches == 1 ? "" : "es");
  if (unchecked_launches)
    fprintf(out, ", %lu not checked", unchecked_launches);
  fputc('\n', out);
  if (r->printed < r->races)
    fprintf(out, "ldcc: %lu distinct races beyond max_reports=%ld not shown\n",
            r->races - r->printed, r->max_reports);
  if (dropped_records)
    fprintf(out,
            "ldcc: %" PRIu64
            " report records did not fit the ring and were not examined\n",
            dropped_records);
}
