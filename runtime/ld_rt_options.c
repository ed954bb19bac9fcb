/* LDCC_OPTIONS parsing (see ld_rt_options.h).  Host code only, plain C. */
#include "ld_rt_options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ld_error.h"

static const char *const format_names[] = {"text", "json", "sarif"};
static const char *const fallback_names[] = {"stop", "warn"};

static int parse_long(const char *v, long min, long max, long *out) {
  char *end;
  long x;

  errno = 0;
  x = strtol(v, &end, 10);
  if (errno || end == v || *end || x < min || x > max)
    return LD_ERANGE;
  *out = x;
  return LD_OK;
}

static int parse_bool(const char *v, int *out) {
  if (!strcmp(v, "1") || !strcmp(v, "true") || !strcmp(v, "yes")) {
    *out = 1;
    return LD_OK;
  }
  if (!strcmp(v, "0") || !strcmp(v, "false") || !strcmp(v, "no")) {
    *out = 0;
    return LD_OK;
  }
  return LD_EINVAL;
}

static int parse_format(const char *v, enum ld_rt_format *out) {
  size_t i;

  for (i = 0; i < sizeof format_names / sizeof format_names[0]; i++) {
    if (!strcmp(v, format_names[i])) {
      *out = (enum ld_rt_format)i;
      return LD_OK;
    }
  }
  return LD_EINVAL;
}

static int parse_fallback(const char *v, enum ld_rt_fallback *out) {
  size_t i;

  for (i = 0; i < sizeof fallback_names / sizeof fallback_names[0]; i++) {
    if (!strcmp(v, fallback_names[i])) {
      *out = (enum ld_rt_fallback)i;
      return LD_OK;
    }
  }
  return LD_EINVAL;
}

static int parse_path(const char *v, char **out) {
  char *copy;

  if (!*v)
    return LD_EINVAL;
  copy = strdup(v);
  if (!copy)
    return LD_ENOMEM;
  free(*out);
  *out = copy;
  return LD_OK;
}

/* Parse one value of the option's type into the field; the field keeps its
 * old value on failure. */
#define LD_RT_PARSE_INT(field, v, min, max) parse_long(v, min, max, &(field))
#define LD_RT_PARSE_BOOL(field, v, min, max) parse_bool(v, &(field))
#define LD_RT_PARSE_FORMAT(field, v, min, max) parse_format(v, &(field))
#define LD_RT_PARSE_FALLBACK(field, v, min, max) parse_fallback(v, &(field))
#define LD_RT_PARSE_PATH(field, v, min, max) parse_path(v, &(field))

static const char *expected(const char *type) {
  if (!strcmp(type, "INT"))
    return "an integer";
  if (!strcmp(type, "BOOL"))
    return "0 or 1";
  if (!strcmp(type, "FORMAT"))
    return "text, json or sarif";
  if (!strcmp(type, "FALLBACK"))
    return "stop or warn";
  return "a file name";
}

/* Apply one key=value entry; returns LD_OK, LD_ENOTFOUND for an unknown
 * key, or the parse error with *type_out naming what was expected. */
static int apply(struct ld_rt_options *o, const char *key, const char *value,
                 const char **type_out, long *min_out, long *max_out) {
#define LD_RT_APPLY(name, type, def, min, max, help)                           \
  if (!strcmp(key, #name)) {                                                   \
    *type_out = #type;                                                         \
    *min_out = min;                                                            \
    *max_out = max;                                                            \
    return LD_RT_PARSE_##type(o->name, value, min, max);                       \
  }
  LD_RT_OPTION_TABLE(LD_RT_APPLY)
#undef LD_RT_APPLY
  return LD_ENOTFOUND;
}

void ld_rt_options_defaults(struct ld_rt_options *o) {
#define LD_RT_DEFAULT(name, type, def, min, max, help) o->name = def;
  LD_RT_OPTION_TABLE(LD_RT_DEFAULT)
#undef LD_RT_DEFAULT
}

int ld_rt_options_parse(struct ld_rt_options *o, const char *spec, FILE *err) {
  char *copy, *entry, *next;
  int bad = 0;

  if (!spec || !*spec)
    return 0;
  copy = strdup(spec);
  if (!copy)
    return LD_ENOMEM;
  for (entry = copy; entry; entry = next) {
    const char *type = "", *value;
    char *eq;
    long min = 0, max = 0;
    int rc;

    next = strchr(entry, ':');
    if (next)
      *next++ = '\0';
    if (!*entry)
      continue;
    eq = strchr(entry, '=');
    if (!eq) {
      if (err)
        fprintf(err, "ldcc: LDCC_OPTIONS: '%s' is not key=value; ignored\n",
                entry);
      bad++;
      continue;
    }
    *eq = '\0';
    value = eq + 1;
    rc = apply(o, entry, value, &type, &min, &max);
    if (rc == LD_ENOMEM) {
      free(copy);
      return rc;
    }
    if (rc == LD_ENOTFOUND) {
      if (err)
        fprintf(err,
                "ldcc: LDCC_OPTIONS: unknown option '%s'; ignored "
                "(LDCC_OPTIONS=help=1 lists them)\n",
                entry);
      bad++;
    } else if (rc) {
      if (err) {
        fprintf(err, "ldcc: LDCC_OPTIONS: %s=%s: expected %s", entry, value,
                expected(type));
        if (!strcmp(type, "INT"))
          fprintf(err, " from %ld to %ld", min, max);
        fprintf(err, "; keeping the previous value\n");
      }
      bad++;
    }
  }
  free(copy);
  return bad;
}

static const char *type_name(const char *type) {
  if (!strcmp(type, "INT"))
    return "int";
  if (!strcmp(type, "BOOL"))
    return "bool";
  if (!strcmp(type, "FORMAT"))
    return "format";
  if (!strcmp(type, "FALLBACK"))
    return "mode";
  return "path";
}

static void print_help_line(FILE *out, const char *name, const char *type,
                            long def, const char *help) {
  char text[32];

  if (!strcmp(type, "FORMAT"))
    snprintf(text, sizeof text, "%s", format_names[def]);
  else if (!strcmp(type, "FALLBACK"))
    snprintf(text, sizeof text, "%s", fallback_names[def]);
  else if (!strcmp(type, "PATH"))
    snprintf(text, sizeof text, "none");
  else
    snprintf(text, sizeof text, "%ld", def);
  fprintf(out, "  %-25s %-6s %-7s %s\n", name, type_name(type), text, help);
}

void ld_rt_options_print_help(FILE *out) {
  fprintf(out, "ldcc runtime options, LDCC_OPTIONS=key=value:key=value\n");
  fprintf(out, "  %-25s %-6s %-7s %s\n", "name", "type", "default", "meaning");
#define LD_RT_HELP_LINE(name, type, def, min, max, help)                       \
  print_help_line(out, #name, #type, (long)(def), help);
  LD_RT_OPTION_TABLE(LD_RT_HELP_LINE)
#undef LD_RT_HELP_LINE
}

void ld_rt_options_free(struct ld_rt_options *o) {
#define LD_RT_FREE_INT(field)
#define LD_RT_FREE_BOOL(field)
#define LD_RT_FREE_FORMAT(field)
#define LD_RT_FREE_FALLBACK(field)
#define LD_RT_FREE_PATH(field)                                                 \
  free(field);                                                                 \
  field = NULL;
#define LD_RT_FREE(name, type, def, min, max, help) LD_RT_FREE_##type(o->name)
  LD_RT_OPTION_TABLE(LD_RT_FREE)
#undef LD_RT_FREE
}

long ld_rt_options_exit_status(const struct ld_rt_options *o, int status,
                               int halting, unsigned long races,
                               unsigned long unchecked) {
  if (races && o->report && (status == 0 || halting))
    return o->exitcode;
  if (o->strict && unchecked && status == 0 && !halting)
    return o->strict_exitcode;
  return -1;
}
