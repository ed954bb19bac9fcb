/* Launch text shared by the rewriters of launches (instrument.c for the
 * shared-memory clone, global_emit.c for the check across blocks): the
 * callee spelled with another name, and the replacement of a launch by a
 * rewritten one, wrapped for a cudaLaunchKernel (docs/translator.md).
 * Host code only; no libclang. */
#include <string.h>

#include "ld_buf.h"
#include "ld_emit.h"
#include "ld_error.h"

/* text, then the line breaks of a launch written in a macro's argument
 * (ld_launch.newlines), and it replaces the launch. */
static int replace_lines(struct ld_edit_list *edits, const struct ld_launch *l,
                         struct ld_buf *b) {
  int i, rc = LD_OK;

  for (i = 0; i < l->newlines && !rc; i++)
    rc = ld_buf_putc(b, '\n');
  return rc ? rc : ld_edit_replace(edits, l->begin, l->end, b->data);
}

int ld__replace_launch(struct ld_edit_list *edits, const struct ld_launch *l,
                       const struct ld_kernel *k, const char *text) {
  struct ld_buf b = LD_BUF_INIT;
  int rc;

  if (!l->via_api) {
    rc = ld_buf_puts(&b, text);
    if (!rc)
      rc = replace_lines(edits, l, &b);
    ld_buf_free(&b);
    return rc;
  }
  /* The lambda's parameters have the C API's types, so the arguments
   * convert as they would for cudaLaunchKernel; the first (the kernel,
   * known already) is evaluated and unused. */
  rc = ld_buf_puts(&b, "[&](auto, dim3 __ldcc_a__g, dim3 __ldcc_a__b, void "
                       "**__ldcc_a__a, size_t __ldcc_a__sh, cudaStream_t "
                       "__ldcc_a__st) -> cudaError_t { return "
                       "__ldcc::api_launch<decltype(__ldcc::plain_fn(");
  if (!rc && k->fn_cast)
    rc = ld_buf_printf(&b, "static_cast<%s>(", k->fn_cast);
  if (!rc)
    rc = ld_buf_printf(&b, "&%s%s", l->callee, k->fn_cast ? ")" : "");
  if (!rc)
    rc = ld_buf_printf(&b,
                       "))>::run(__ldcc_a__a, [&](auto &...__ldcc_a__p) { "
                       "%s; }); }(%s%s%s)",
                       text, l->api_args, l->api_nargs < 5 ? ", 0" : "",
                       l->api_nargs < 6 ? ", 0" : "");
  if (!rc)
    rc = replace_lines(edits, l, &b);
  ld_buf_free(&b);
  return rc;
}

static int is_ident(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9');
}

/* Offset of the kernel's name in the callee text: its last occurrence as a
 * whole identifier before the template arguments (`ns::k<T>` -> 4). */
static size_t name_offset(const struct ld_launch *l) {
  const char *c = l->callee;
  size_t n = strlen(l->kernel), end = strcspn(c, "<"), i, found = l->name_at;

  for (i = 0; i + n <= end; i++)
    if (!strncmp(c + i, l->kernel, n) && (i == 0 || !is_ident(c[i - 1])) &&
        !is_ident(c[i + n]))
      found = i;
  return found;
}

int ld__put_launch_as(struct ld_buf *b, const struct ld_launch *l,
                      const struct ld_kernel *k) {
  int rc = ld_buf_puts(b, "__ldcc::launch_as<decltype(__ldcc::plain_fn(");

  if (!rc && k->fn_cast)
    rc = ld_buf_printf(b, "static_cast<%s>(", k->fn_cast);
  if (!rc)
    rc = ld_buf_putc(b, '&');
  if (!rc)
    rc = ld__put_callee_as(b, l, "", "");
  if (!rc && k->fn_cast)
    rc = ld_buf_putc(b, ')');
  return rc ? rc : ld_buf_puts(b, "))>");
}

/* The end of the template arguments `<...>` at callee[p], or p. */
static size_t after_args(const char *c, size_t p) {
  size_t e = p;
  int depth = 0;

  while (c[e] == ' ' || c[e] == '\t')
    e++;
  if (c[e] != '<')
    return p;
  for (; c[e]; e++) {
    depth += c[e] == '<' ? 1 : c[e] == '>' ? -1 : 0;
    if (!depth)
      return e + 1;
  }
  return p;
}

/* callee with prefix put before the kernel's name and suffix after it
 * (`ns::k<256>` -> `ns::__ldcc_k__lb<256>`).  A generated name (prefix or
 * suffix given) is made of the kernel's stem, without the template
 * arguments of an explicit specialization (`k<float>` ->
 * `__ldcc_k__1`). */
int ld__put_callee_as(struct ld_buf *b, const struct ld_launch *l,
                      const char *prefix, const char *suffix) {
  size_t at = name_offset(l), n = strlen(l->kernel), rest = at + n;
  int generated = *prefix || *suffix;
  int rc = ld_buf_append(b, l->callee, at);

  if (!rc)
    rc = ld_buf_puts(b, prefix);
  if (!rc && generated && l->stem)
    rc = ld_buf_puts(b, l->stem);
  else if (!rc)
    rc = ld_buf_append(b, l->callee + at, n);
  if (!rc)
    rc = ld_buf_puts(b, suffix);
  if (generated && l->drop_args)
    rest = after_args(l->callee, rest);
  return rc ? rc : ld_buf_puts(b, l->callee + rest);
}
