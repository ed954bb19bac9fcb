/* Text reports (see ld_rt_text.h).  Host code, plain C. */
#include "ld_rt_text.h"

#include <string.h>

void ld_rt_race_print_text(const struct ld_rt_race_desc *d, int colour,
                           FILE *out) {
  size_t i;

  if (colour)
    fprintf(out, "%sldcc: %s%s\n",
            ld_rt_kind_is_race(d->kind) ? LD_RT_RED : LD_RT_YELLOW, d->header,
            LD_RT_RESET);
  else
    fprintf(out, "ldcc: %s\n", d->header);
  if (!strcmp(ld_rt_kind_name(d->kind), "unknown"))
    return;
  fprintf(out, "  %s\n", d->detail);
  fprintf(out, "  region: %s\n", d->region);
  if (d->nstatements && d->accesses)
    fprintf(out, "  statements of the two accesses: ");
  else if (d->nstatements)
    fprintf(out, "  statements that write %s there: ", d->variable);
  for (i = 0; i < d->nstatements; i++)
    fprintf(out, "%s%s:%d", i ? ", " : "", d->file, d->statements[i]);
  if (d->nstatements)
    fputc('\n', out);
  if (d->launch_line)
    fprintf(out, "  launched at %s:%d\n", d->launch_file, d->launch_line);
}

void ld_rt_report_print(const struct __ldcc_report *rec, FILE *out) {
  struct ld_rt_race_desc d;

  ld_rt_race_describe(rec, &d);
  ld_rt_race_print_text(&d, 0, out);
}
