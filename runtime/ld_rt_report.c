/* The reports of one program run: de-duplication, suppression, counting
 * instances, the unchecked-launch lines and the summary, each handed to
 * the printer of the format LDCC_OPTIONS asks for (ld_rt_text.c,
 * ld_rt_json.c, ld_rt_sarif.c) after ld_rt_describe.c resolved the record.
 * Host code, plain C. */
#include "ld_rt_report.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ld_error.h"
#include "ld_rt_json.h"
#include "ld_rt_sarif.h"
#include "ld_rt_text.h"

/* ---- de-duplication ---------------------------------------------------- */

struct race {
  uint32_t kind, start_site, end_site, target;
  uint64_t kernel_meta, element; /* element: byte of its start, or ~0 */
  uint64_t instances;
  uint32_t *buckets;
  size_t nbuckets, cap_buckets;
  unsigned long id; /* 1-based among the races reported, 0: not reported */
  int suppressed;
  char *header; /* the report's first line, for the summary */
  char *sarif;  /* format=sarif: the result, left open */
};

/* Launches outside __ldcc::launch that ran unchecked, per kernel and
 * reason (ld_rt_races_foreign). */
struct foreign {
  char *kernel;      /* owned */
  const char *state; /* "not checked", "checked in part" (static) */
  const char *why;   /* static */
  unsigned long launches;
};

struct ld_rt_races {
  struct race *v;
  size_t n, cap;
  struct foreign *f;
  size_t nf, capf;
  struct ld_rt_report_config c;
  unsigned long printed, races, suppressed;
  struct ld_buf notifications; /* format=sarif: comma-separated */
};

struct ld_rt_races *
ld_rt_races_new_config(const struct ld_rt_report_config *c) {
  struct ld_rt_races *r = calloc(1, sizeof *r);
  if (!r) {
    ld_rt_suppressions_free(c->suppressions);
    return NULL;
  }
  r->c = *c;
  return r;
}

struct ld_rt_races *ld_rt_races_new(long max_reports) {
  struct ld_rt_report_config c;

  memset(&c, 0, sizeof c);
  c.format = LD_RT_FORMAT_TEXT;
  c.max_reports = max_reports;
  return ld_rt_races_new_config(&c);
}

static int wants_colour(FILE *out) {
  const char *term = getenv("TERM");
  int fd = out ? fileno(out) : -1;

  return fd >= 0 && isatty(fd) && !getenv("NO_COLOR") &&
         !(term && !strcmp(term, "dumb"));
}

struct ld_rt_races *ld_rt_races_open(const struct ld_rt_options *o, FILE *out,
                                     FILE *err) {
  struct ld_rt_report_config c;

  memset(&c, 0, sizeof c);
  c.format = o->format;
  c.max_reports = o->max_reports;
  c.colour =
      o->format == LD_RT_FORMAT_TEXT && !o->log_path && wants_colour(out);
  if (o->format != LD_RT_FORMAT_TEXT)
    c.messages = err;
  if (o->suppressions && ld_rt_suppressions_load(o->suppressions, err,
                                                 &c.suppressions) == LD_ENOMEM)
    return NULL;
  return ld_rt_races_new_config(&c);
}

void ld_rt_races_free(struct ld_rt_races *r) {
  size_t i;
  if (!r)
    return;
  for (i = 0; i < r->n; i++) {
    free(r->v[i].buckets);
    free(r->v[i].header);
    free(r->v[i].sarif);
  }
  free(r->v);
  for (i = 0; i < r->nf; i++)
    free(r->f[i].kernel);
  free(r->f);
  ld_rt_suppressions_free(r->c.suppressions);
  ld_buf_free(&r->notifications);
  free(r);
}

FILE *ld_rt_races_messages(const struct ld_rt_races *r, FILE *out) {
  if (!r || r->c.format == LD_RT_FORMAT_TEXT)
    return out;
  return r->c.messages;
}

static void key_of(const struct __ldcc_report *rec, struct race *k) {
  struct ld_rt_race_key key;

  ld_rt_race_key_of(rec, &key);
  memset(k, 0, sizeof *k);
  k->kind = key.kind;
  k->start_site = key.start_site;
  k->end_site = key.end_site;
  k->target = key.target;
  k->kernel_meta = key.kernel_meta;
  k->element = key.element;
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

/* Whether a suppression pattern matches the race d describes. */
static int suppressed(const struct ld_rt_races *r,
                      const struct ld_rt_race_desc *d) {
  int lines[LD_RT_MAX_STATEMENTS + 3];
  struct ld_rt_suppress_subject s;
  size_t n = 0, i;

  if (!r->c.suppressions)
    return 0;
  lines[n++] = d->region_lines[0];
  lines[n++] = d->region_lines[1];
  for (i = 0; i < d->nstatements; i++)
    lines[n++] = d->statements[i];
  if (d->launch_line)
    lines[n++] = d->launch_line;
  s.kind = ld_rt_kind_name(d->kind);
  s.kernel = d->kernel;
  s.variable = d->variable ? d->variable : "";
  s.file = d->file;
  s.lines = lines;
  s.nlines = n;
  return ld_rt_suppressions_match(r->c.suppressions, &s) != 0;
}

/* Write buffer b (and a newline) to out; frees b. */
static int put_line(struct ld_buf *b, int rc, FILE *out) {
  if (rc == LD_OK && out)
    fprintf(out, "%s\n", b->data ? b->data : "");
  ld_buf_free(b);
  return rc;
}

/* Report a new race (id >= 1) or note (id 0) in the table's format. */
static int emit(struct ld_rt_races *r, struct race *e,
                const struct ld_rt_race_desc *d, unsigned long id, FILE *out) {
  struct ld_buf b = LD_BUF_INIT;
  int rc;

  switch (r->c.format) {
  case LD_RT_FORMAT_JSON:
    return put_line(&b, ld__json_race(&b, d, id), out);
  case LD_RT_FORMAT_SARIF:
    if (id) {
      rc = ld__sarif_result(&b, d);
      e->sarif = rc == LD_OK ? ld_buf_detach(&b) : NULL;
      ld_buf_free(&b);
      return rc == LD_OK && !e->sarif ? LD_ENOMEM : rc;
    }
    if (r->notifications.len)
      ld_buf_putc(&r->notifications, ',');
    rc = ld__sarif_notification(&r->notifications, "note", d->header, d->file,
                                d->region_lines[0]);
    if (r->c.messages)
      ld_rt_race_print_text(d, 0, r->c.messages);
    return rc;
  default:
    ld_rt_race_print_text(d, r->c.colour, out);
    return LD_OK;
  }
}

int ld_rt_races_add(struct ld_rt_races *r, const struct __ldcc_report *rec,
                    FILE *out) {
  struct ld_rt_race_desc d;
  struct race k, *e;
  size_t i;
  int note = !ld_rt_kind_is_race(rec->kind);

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
  ld_rt_race_describe(rec, &d);
  if (!note && suppressed(r, &d)) {
    e->suppressed = 1;
    r->suppressed++;
    return 0;
  }
  if (!note)
    r->races++;
  if (!out || (!note && r->printed >= (unsigned long)r->c.max_reports))
    return note ? 0 : 1;
  if (!note) {
    e->id = ++r->printed;
    e->header = strdup(d.header);
    if (!e->header)
      return LD_ENOMEM;
  }
  if (emit(r, e, &d, e->id, out) == LD_ENOMEM)
    return LD_ENOMEM;
  return note ? 0 : 1;
}

void ld_rt_races_unchecked(struct ld_rt_races *r,
                           const struct __ldcc_kernel_meta *meta, int launch_id,
                           const char *why, FILE *out) {
  ld_rt_races_unchecked_as(r, meta, launch_id, "not checked", why, out);
}

void ld_rt_races_unchecked_as(struct ld_rt_races *r,
                              const struct __ldcc_kernel_meta *meta,
                              int launch_id, const char *state, const char *why,
                              FILE *out) {
  enum ld_rt_format format = r ? r->c.format : LD_RT_FORMAT_TEXT;
  struct ld_buf b = LD_BUF_INIT;
  char name[256], text[768];
  const char *file = meta && meta->file ? meta->file : "?";
  int line = 0;

  if (meta && meta->abi != __LDCC_HOST_ABI) {
    /* Another version's metadata: only its leading fields are known. */
    snprintf(name, sizeof name, "%s", meta->name ? meta->name : "?");
  } else if (meta) {
    ld_rt_kernel_name(meta, name, sizeof name);
    if (meta->launch_lines && launch_id >= 0 &&
        (unsigned)launch_id < meta->nlaunches)
      line = meta->launch_lines[launch_id];
    file = __ldcc_launch_file(meta, launch_id);
  } else {
    snprintf(name, sizeof name, "?");
  }
  if (line)
    snprintf(text, sizeof text, "launch of %s at %s:%d %s: %s", name, file,
             line, state, why);
  else
    snprintf(text, sizeof text, "launch of %s at %s %s: %s", name, file, state,
             why);
  if (format == LD_RT_FORMAT_JSON) {
    put_line(&b, ld__json_unchecked(&b, name, file, line, why), out);
  } else if (format == LD_RT_FORMAT_SARIF) {
    if (r->notifications.len)
      ld_buf_putc(&r->notifications, ',');
    ld__sarif_notification(&r->notifications, "warning", text,
                           meta ? file : NULL, line);
  }
  if (format == LD_RT_FORMAT_TEXT && r && r->c.colour)
    fprintf(out, LD_RT_YELLOW "ldcc: %s" LD_RT_RESET "\n", text);
  else if (format == LD_RT_FORMAT_TEXT)
    fprintf(out, "ldcc: %s\n", text);
  else if (r->c.messages && r->c.messages != out)
    fprintf(r->c.messages, "ldcc: %s\n", text);
}

/* The tally entry of (kernel, why), made the first time; NULL without
 * memory. */
static struct foreign *foreign_of(struct ld_rt_races *r, const char *kernel,
                                  const char *state, const char *why) {
  size_t i;

  for (i = 0; i < r->nf; i++)
    if (!strcmp(r->f[i].kernel, kernel) && !strcmp(r->f[i].why, why) &&
        !strcmp(r->f[i].state, state))
      return &r->f[i];
  if (r->nf == r->capf) {
    size_t cap = r->capf ? 2 * r->capf : 8;
    struct foreign *f = realloc(r->f, cap * sizeof *f);
    if (!f)
      return NULL;
    r->f = f;
    r->capf = cap;
  }
  r->f[r->nf].kernel = strdup(kernel);
  if (!r->f[r->nf].kernel)
    return NULL;
  r->f[r->nf].why = why;
  r->f[r->nf].state = state;
  r->f[r->nf].launches = 0;
  return &r->f[r->nf++];
}

int ld_rt_races_foreign(struct ld_rt_races *r, const char *kernel,
                        const char *why, FILE *out) {
  return ld_rt_races_foreign_as(r, kernel, "not checked", why, out);
}

int ld_rt_races_foreign_as(struct ld_rt_races *r, const char *kernel,
                           const char *state, const char *why, FILE *out) {
  struct foreign *f = foreign_of(r, kernel ? kernel : "?", state, why);
  struct ld_buf b = LD_BUF_INIT;
  char text[768];

  if (f && f->launches++)
    return 0;
  snprintf(text, sizeof text, "launch of %s %s: %s", kernel ? kernel : "?",
           state, why);
  if (r->c.format == LD_RT_FORMAT_JSON) {
    put_line(&b, ld__json_unchecked(&b, kernel, NULL, 0, why), out);
  } else if (r->c.format == LD_RT_FORMAT_SARIF) {
    if (r->notifications.len)
      ld_buf_putc(&r->notifications, ',');
    ld__sarif_notification(&r->notifications, "warning", text, NULL, 0);
  }
  if (r->c.format == LD_RT_FORMAT_TEXT && r->c.colour)
    fprintf(out, LD_RT_YELLOW "ldcc: %s" LD_RT_RESET "\n", text);
  else if (r->c.format == LD_RT_FORMAT_TEXT)
    fprintf(out, "ldcc: %s\n", text);
  else if (r->c.messages && r->c.messages != out)
    fprintf(r->c.messages, "ldcc: %s\n", text);
  return 1;
}

unsigned long ld_rt_races_count(const struct ld_rt_races *r) {
  return r->races;
}

unsigned long ld_rt_races_suppressed(const struct ld_rt_races *r) {
  return r->suppressed;
}

static void summary_text(const struct ld_rt_races *r,
                         const struct ld__summary *s, int colour, FILE *out) {
  size_t i;

  if (colour)
    fputs(LD_RT_BOLD, out);
  if (!s->races && !s->checked && s->unchecked)
    fprintf(out,
            "ldcc: summary: no launch was checked; %lu launch%s not checked",
            s->unchecked, s->unchecked == 1 ? "" : "es");
  else if (s->races)
    fprintf(out,
            "ldcc: summary: %lu distinct race%s (%" PRIu64
            " instance%s) in %lu kernel%s; %lu checked launch%s",
            s->races, s->races == 1 ? "" : "s", s->instances,
            s->instances == 1 ? "" : "s", s->kernels,
            s->kernels == 1 ? "" : "s", s->checked,
            s->checked == 1 ? "" : "es");
  else
    fprintf(out, "ldcc: summary: no races found; %lu checked launch%s",
            s->checked, s->checked == 1 ? "" : "es");
  if (s->unchecked && (s->races || s->checked))
    fprintf(out, ", %lu not checked", s->unchecked);
  fputs(colour ? LD_RT_RESET "\n" : "\n", out);
  /* Launches that bypassed __ldcc::launch: which kernels, and why. */
  for (i = 0; i < r->nf; i++)
    fprintf(out, "  %s: %lu launch%s of %s: %s\n", r->f[i].state,
            r->f[i].launches, r->f[i].launches == 1 ? "" : "es", r->f[i].kernel,
            r->f[i].why);
  for (i = 0; i < r->n; i++)
    if (r->v[i].id && r->v[i].header)
      fprintf(out, "  %s: %" PRIu64 " instance%s\n", r->v[i].header,
              r->v[i].instances, r->v[i].instances == 1 ? "" : "s");
  if (s->not_shown)
    fprintf(out, "ldcc: %lu distinct races beyond max_reports=%ld not shown\n",
            s->not_shown, r->c.max_reports);
  if (s->suppressed)
    fprintf(out, "ldcc: %lu distinct race%s suppressed\n", s->suppressed,
            s->suppressed == 1 ? " was" : "s were");
  if (s->dropped)
    fprintf(out,
            "ldcc: %" PRIu64
            " report records did not fit the ring and were not examined\n",
            s->dropped);
}

static int summary_json(const struct ld_rt_races *r,
                        const struct ld__summary *s, FILE *out) {
  struct ld_buf b = LD_BUF_INIT;
  int rc = ld__json_summary_open(&b, s), first = 1;
  size_t i;

  for (i = 0; rc == LD_OK && i < r->n; i++) {
    if (!r->v[i].id)
      continue;
    rc = ld_buf_printf(&b, "%s{\"id\":%lu,\"instances\":%" PRIu64 "}",
                       first ? "" : ",", r->v[i].id, r->v[i].instances);
    first = 0;
  }
  if (rc == LD_OK)
    rc = ld_buf_puts(&b, "]}");
  return put_line(&b, rc, out);
}

static int summary_sarif(const struct ld_rt_races *r, FILE *out) {
  struct ld_buf b = LD_BUF_INIT;
  int rc = ld__sarif_open(&b), first = 1;
  size_t i;

  for (i = 0; rc == LD_OK && i < r->n; i++) {
    if (!r->v[i].sarif)
      continue;
    rc = ld_buf_printf(&b, "%s%s,\"occurrenceCount\":%" PRIu64 "}",
                       first ? "" : ",", r->v[i].sarif,
                       r->v[i].instances ? r->v[i].instances : 1);
    first = 0;
  }
  if (rc == LD_OK)
    rc =
        ld__sarif_close(&b, r->notifications.data ? r->notifications.data : "");
  return put_line(&b, rc, out);
}

/* Whether two records' metadata are one kernel's: the same, or the
 * metadata of two of its checks (the replay's and the inline intra-warp
 * checks' for one kernel: one name, file and definition line). */
static int same_kernel(uint64_t a, uint64_t b) {
  const struct __ldcc_kernel_meta *x =
      (const struct __ldcc_kernel_meta *)(uintptr_t)a;
  const struct __ldcc_kernel_meta *y =
      (const struct __ldcc_kernel_meta *)(uintptr_t)b;

  if (a == b)
    return 1;
  return x && y && x->name && y->name && x->file && y->file &&
         x->line == y->line && !strcmp(x->name, y->name) &&
         !strcmp(x->file, y->file);
}

void ld_rt_races_summary(struct ld_rt_races *r, const unsigned *counts,
                         unsigned long checked_launches,
                         unsigned long unchecked_launches,
                         uint64_t dropped_records, FILE *out) {
  struct ld__summary s;
  size_t i, j;

  memset(&s, 0, sizeof s);
  for (i = 0; i < r->n; i++) {
    struct race *e = &r->v[i];
    int seen = 0;
    if (!ld_rt_kind_is_race(e->kind) || e->suppressed)
      continue;
    if (counts) {
      uint64_t sum = 0;
      for (j = 0; j < e->nbuckets; j++)
        sum += counts[e->buckets[j] % __LDCC_BUCKETS];
      e->instances = sum > e->instances ? sum : e->instances;
    }
    s.instances += e->instances;
    for (j = 0; j < i; j++)
      if (ld_rt_kind_is_race(r->v[j].kind) && !r->v[j].suppressed &&
          same_kernel(r->v[j].kernel_meta, e->kernel_meta))
        seen = 1;
    s.kernels += !seen;
  }
  s.races = r->races;
  s.checked = checked_launches;
  s.unchecked = unchecked_launches;
  s.not_shown = r->races - r->printed;
  s.suppressed = r->suppressed;
  s.dropped = dropped_records;
  switch (r->c.format) {
  case LD_RT_FORMAT_JSON:
    summary_json(r, &s, out);
    break;
  case LD_RT_FORMAT_SARIF:
    summary_sarif(r, out);
    break;
  default:
    summary_text(r, &s, r->c.colour, out);
    return;
  }
  if (r->c.messages && r->c.messages != out)
    summary_text(r, &s, 0, r->c.messages);
}
