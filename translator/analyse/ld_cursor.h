/* The libclang helpers of the analyse step (cursor.c), shared by every pass:
 * the main file as libclang sees it, growable arrays, positions and spans,
 * cursor queries.  Host code only. */
#ifndef LD_CURSOR_H
#define LD_CURSOR_H

#include <clang-c/Index.h>
#include <stddef.h>
#include <stdint.h>

#include "ld_plan.h"

/* A byte range [begin, end) of the main file. */
struct ld__range {
  size_t begin, end;
};

/* The main file as libclang sees it. */
struct ld__source {
  CXTranslationUnit tu;
  CXFile main_file;
  const char *src; /* its bytes (libclang's buffer) */
  size_t len;
  const struct ld__range *macros; /* macro expansions in the main file */
  size_t nmacros;
  /* Where src's lines come from when user headers were pasted into it
   * (inclusions.c); NULL or empty: src is the main file alone. */
  const struct ld_line_map *lines;
};

/* Make room for one more element in the growable array *itemsp of n
 * elements of size bytes with capacity *cap. */
int ld__grow(void *itemsp, size_t *cap, size_t n, size_t size);

/* The line the plan gives for src's line text_line: the same, or with a
 * pasted header the line in the file it comes from (ld_line_map_find). */
unsigned ld__file_line(const struct ld__source *s, unsigned text_line);
/* Position of loc's expansion in the main file; 0 when elsewhere. */
int ld__main_pos(const struct ld__source *s, CXSourceLocation loc,
                 struct ld_pos *pos);
/* The same position's offset alone. */
int ld__main_offset(const struct ld__source *s, CXSourceLocation loc,
                    size_t *off);
/* Whether off lies in one of the n ranges (macro expansions). */
int ld__in_ranges(const struct ld__range *r, size_t n, size_t off);
/* Whether off lies in one of the main file's macro expansions. */
int ld__in_macro(const struct ld__source *s, size_t off);
/* The main-file range [*b, *e) of c's extent (ends at macro uses count
 * from their expansion); 0 when elsewhere or empty. */
int ld__main_span(const struct ld__source *s, CXCursor c, size_t *b, size_t *e);
/* The main file's text [b, e), malloc'd. */
char *ld__span_text(const struct ld__source *s, size_t b, size_t e);

char *ld__cursor_name(CXCursor c); /* malloc'd spelling */
/* The namespaces around decl as file-scope code names it: "a::b::", ""
 * at file scope (anonymous namespaces and `extern "C"` add nothing);
 * *out NULL when decl is inside a class.  LD_OK or LD_ENOMEM. */
int ld__namespace_scope(CXCursor decl, char **out);
int ld__name_is(CXCursor c, const char *want);       /* spelling == want */
int ld__name_starts(CXCursor c, const char *prefix); /* spelling's prefix */
int ld__name_contains(CXCursor c, const char *part); /* part in spelling */
/* A call's callee name: its spelling or, for a call a template leaves
 * unresolved, the overload set's.  Owned by the caller (dispose it). */
CXString ld__call_name(CXCursor call);
int ld__nth_child(CXCursor c, unsigned index, CXCursor *out);
/* The first direct child of that kind (into *out when out is not NULL). */
int ld__child_of_kind(CXCursor c, enum CXCursorKind kind, CXCursor *out);
int ld__has_child_kind(CXCursor c, enum CXCursorKind kind);
CXCursor ld__unwrap(CXCursor c); /* skips implicit casts and parentheses */
/* The value of c when it is an integer constant expression (*ok 1), else
 * 0 with *ok 0. */
long long ld__constant_of(CXCursor c, int *ok);
int ld__is_pointer(CXType t);
int ld__is_array(CXType t);
/* A pointer or reference through which the pointee may be modified. */
int ld__writable_indirection(CXType t);
/* A parameter of pointer or array type (arrays are adjusted to pointers),
 * and what it points to. */
int ld__param_is_pointer(CXType t);
CXType ld__param_pointee(CXType t);
/* A pointer, a reference, or a class or array holding one (depth-limited;
 * start with 0). */
int ld__holds_pointer(CXType t, int depth);
CXCursor ld__definition_of(CXCursor ref); /* template, then definition */
int ld__is_operator_ref(CXCursor c);      /* names an `operator...` */
/* Whether the operator callee (resolved, or a dependent overload set) is
 * the operator named name (`operator[]`). */
int ld__operator_is(CXCursor callee, const char *name);
int ld__is_assign_operator(CXCursor callee);
/* A dependent operator call of a template (`p + i` with p a `T *` when
 * overloads of + are in scope): its callee is unresolved, its children the
 * operands and the operator in source order.  ld__dependent_sum: `x + y`
 * or `x - y`, *x and *y its operands; ld__dependent_deref: `*x`. */
int ld__dependent_sum(CXCursor e, CXCursor *x, CXCursor *y);
int ld__dependent_deref(CXCursor e, CXCursor *x);
/* Pointer arithmetic `x + y`, `x - y` (a built-in operator, or a template's
 * dependent one): *ptr the side that may be the pointer (of a pointer or
 * array type, else of a dependent type, the left first), *off the other;
 * 0 when e is no such sum or neither side may be a pointer. */
int ld__pointer_sum(CXCursor e, CXCursor *ptr, CXCursor *off);
int ld__is_class(CXType t, const char *cls);
/* Whether variable var is a cooperative-groups handle: of a type of
 * namespace cooperative_groups (`cg::thread_block_tile<TILE>` in a
 * template too), or initialised by a call of one of its functions (`auto
 * tile = cg::tiled_partition<TILE>(block);`). */
int ld__cg_object(CXCursor var);
/* The end of the `<...>` (template arguments) that starts at src[p] after
 * blanks, or p when none does or it is not plain text. */
size_t ld__after_angles(const char *src, size_t len, size_t p);
/* The template parameters of template tmpl, in order, at most max of them
 * into out; returns how many. */
unsigned ld__template_params(CXCursor tmpl, CXCursor *out, unsigned max);
/* Whether function (or function template) fn can take a call with nargs
 * arguments: as many parameters, fewer with defaults, or more with `...`.
 * An unresolved call in a template names an overload set; a candidate
 * that cannot take it is not the one called (llm.c's one-argument
 * `blockReduce<f>(v)` calling the three-argument one, which was taken for
 * a call of itself). */
int ld__arity_fits(CXCursor fn, int nargs);
/* Whether type t (through a reference) is a cooperative-groups class
 * (`cg::thread_block`, a tile): a handle whose pointers, if any, lead to
 * the runtime's own state, never to the program's memory. */
int ld__is_cg_type(CXType t);
/* The function a call names, also a template's unresolved one
 * (`cg::tiled_partition<TILE>(block)`: the first of its overload set). */
CXCursor ld__callee_decl(CXCursor call);
/* The last child of e that is an expression: an explicit cast's operand
 * (`reinterpret_cast<int4 *>(p)` has the type's reference first), a
 * declaration's initialiser; 0 when none. */
int ld__last_expr_child(CXCursor e, CXCursor *out);
/* Whether function fn only returns the address of an `extern __shared__`
 * array (`extern __shared__ int s[]; return (T *)s;`), the cuda-samples
 * `SharedMemory<T>` idiom; *var (when var) is the array. */
int ld__shared_accessor(CXCursor fn, CXCursor *var);
/* Whether call yields such an address: a call of an accessor (resolved, or
 * every candidate of a template's unresolved `smem<T>()`), or the
 * temporary of a class whose conversions all are accessors
 * (`SharedMemory<T>()`, converted where it is used). */
int ld__shared_accessor_call(CXCursor call, CXCursor *var);
/* A template's call of a member of an object of a class of the user's
 * whose type depends on the template (`smem.getPointer()` on a
 * `SharedMemory<T> smem`): the class (*cls, canonical) and the member's
 * name (name, cap bytes); 0 when call is not one. */
int ld__dependent_member(CXCursor call, CXCursor *cls, char *name, size_t cap);
/* The methods named name of class cls and of its explicit specializations
 * (the first cap in out): how many, -1 when cls has no definition. */
int ld__class_methods(CXCursor cls, const char *name, CXCursor *out, int cap);
int ld__is_triple_chevron(CXCursor call); /* k<<<...>>>(...) */
/* The declaration a callee expression names (casts, `&` and `*` aside), or
 * a name-only cursor. */
CXCursor ld__callee_ref(CXCursor e);
/* Whether expression e, child `index` of parent, stands as a statement of
 * its own: in a block, a branch of an `if`, the body of a `for` or
 * `while` (so its value is discarded). */
int ld__is_statement_at(CXCursor e, unsigned index, CXCursor parent);
/* The plan's name of a block-wide barrier call ("__syncthreads", "cg.sync",
 * ...), or NULL; a sync it cannot model sets *unsupported to a reason. */
const char *ld__barrier_form(CXCursor call, const char **unsupported);
/* A grid-wide sync on a cg::grid_group: 1 for `g.sync()`, `g->sync()` or
 * `cg::sync(g)` (*obj, when not NULL, the group's expression), 2 for its
 * split barrier (`barrier_arrive`, `barrier_wait`), 0 otherwise. */
int ld__grid_sync(CXCursor call, CXCursor *obj);
/* A cluster barrier: 1 for `cluster.sync()`, `cg::sync(cluster)`,
 * `barrier_wait` and `__cluster_barrier_wait()`, 2 for an arrival alone,
 * 0 otherwise. */
int ld__cluster_sync(CXCursor call);
/* The same without the named barrier __barrier_sync: the replay's. */
const char *ld__block_barrier(CXCursor call);
/* The `=` of the ParmDecl parm's default argument: 1 with its location. */
int ld__default_eq(CXTranslationUnit tu, CXCursor parm, CXSourceLocation *eq);
/* The `const` that makes the pointer ParmDecl parm itself const (`T *const
 * p`): the `const` keyword written after the declarator's last `*` and
 * before the name, in the main file outside macros.  1 with its range
 * [*b, *e); 0 when the const comes from elsewhere (a typedef, a template
 * argument, a macro) and the clones cannot drop it. */
int ld__top_const(const struct ld__source *s, CXCursor parm, size_t *b,
                  size_t *e);

/* The `const` of a by-value class ParmDecl parm (`const Graph g`,
 * `Graph const g`): the one `const` keyword written before the name
 * outside template arguments, in the main file outside macros, with no
 * `*` or `&` there.  1 with its range [*b, *e); 0 when the parameter is
 * no const class or its const comes from elsewhere (a typedef, a
 * template argument, a macro).  The clones drop it to patch the
 * parameter's pointers (__ldcc::gpatch). */
int ld__class_const(const struct ld__source *s, CXCursor parm, size_t *b,
                    size_t *e);

/* Where a definition whose extent starts at `begin` really starts: clang
 * may leave the attributes written before it (`__global__`, `static`, and
 * with devfn `__device__`, `inline`, `__forceinline__`) outside. */
size_t ld__def_start(const char *src, size_t begin, int devfn);

/* Whether an atomic's address arg is an element of a __shared__ array or
 * scalar (not what a shared pointer points to): `&s[i]...`, `&s.f`, `&s`,
 * `s + i`. */
int ld__shared_address(CXCursor arg);

/* A call's atomic scope by its name (`atomic*`: LD_GSCOPE_DEVICE, `_block`
 * LD_GSCOPE_BLOCK, `_system` LD_GSCOPE_SYSTEM), 0 for any other call. */
int ld__atomic_scope(CXCursor call);
/* Whether decl is a function the program defines itself (declared outside
 * the toolkit's and the system's headers): a user's `atomicAggInc` or
 * `atomicMaxFloat` is a device function like any, not one of CUDA's
 * atomics that the checks know by name. */
int ld__user_function(CXCursor decl);
/* Whether inline assembly statement c only computes on registers: a GCC
 * `asm` whose instructions are arithmetic, logic, moves and conversions
 * (no load, store, atomic, barrier, fence, shuffle, vote, branch or
 * call), whose special registers are the thread's place (`%%laneid`,
 * `%%lanemask_lt`, `%%tid.x`, ...: no clock), with register or immediate
 * operands only, outputs that are plain locals, inputs that read no
 * memory, and no "memory" clobber (cuda-samples' `mov.u32 %0,
 * %%laneid;`, `bfind.u32`, `vabsdiff4`).  Such a statement is left as it
 * is: it touches nothing the checks follow. */
int ld__asm_pure(CXCursor c);
/* An address with its casts to pointer types (and parentheses) taken off:
 * `(unsigned *)&g[5]` -> `&g[5]`. */
CXCursor ld__pointer_uncast(CXCursor a);
/* The pointer expression address a is based on (`&p[i]`, `&p[i].f`,
 * `p + i`, casts), or a itself unwrapped and uncast. */
CXCursor ld__pointer_base(CXCursor a);
/* Whether function fn's body assigns variable var (a canonical cursor)
 * after its declaration or takes its address. */
int ld__reassigned(CXCursor fn, CXCursor var);
/* The object of a member, operator or conversion call: `o.f(...)`,
 * `p->f(...)`, `o` converted: the one under the member reference (the
 * pointer before `->`); `o += v`, `++o`: the operator's first argument
 * (*first set: the call's other arguments start at 1).  0 for an implicit
 * `this`. */
int ld__member_object(CXCursor call, CXCursor *obj, int *first);
/* What a memory order does: release, acquire (both: acq_rel, seq_cst). */
#define LD_ORDER_RELEASE 1
#define LD_ORDER_ACQUIRE 2
/* A call on a libcu++ atomic object (`p->fetch_add(1)`, `p[i].store(v,
 * cuda::memory_order_release)`, `(*p)++`, `int v = p[0]`: a member, an
 * operator or a conversion of `cuda::atomic`, `cuda::std::atomic` or
 * their `__atomic*` bases): 1 with *obj the object (an lvalue, *lvalue
 * set) or the pointer before `->`, *scope its LD_GSCOPE_* (by the type's
 * `thread_scope_*`; `cuda::std::atomic` is of system scope) and *order
 * the LD_ORDER_* bits of its memory orders (none for relaxed; both when
 * it names none); 0 for any other call (`cuda::atomic_ref`'s members among
 * them). */
int ld__libcu_atomic(CXCursor call, CXCursor *obj, int *lvalue, int *scope,
                     int *order);
/* `cuda::atomic_ref<T, S> r(E)` or its temporary `cuda::atomic_ref<T,
 * S>(E)` (also `cuda::std::atomic_ref`): 1 with *obj the location E (an
 * lvalue) and *scope its LD_GSCOPE_*; 0 for any other call, a copy of
 * another reference among them. */
int ld__libcu_ref_ctor(CXCursor call, CXCursor *obj, int *scope);
/* A member, operator or conversion call on a `cuda::atomic_ref` (`r.
 * fetch_add(1)`, `cuda::atomic_ref<int, S>(p[i]).store(v, order)`, `int v =
 * r`): 1 with *ref the reference (a variable, a temporary, or the pointer
 * before `->`), *scope and *order as ld__libcu_atomic's. */
int ld__libcu_ref_member(CXCursor call, CXCursor *ref, int *scope, int *order);
/* A call a template leaves unresolved on a libcu++ atomic of a dependent
 * type (`r.fetch_add(v)`, `r += v`, `c->load()` with `cuda::atomic_ref<T,
 * S> r` or `cuda::atomic<T, S> *c`): an atomic no rule above can follow. */
int ld__libcu_dependent(CXCursor call);
/* The level of a CUDA fence call by its name (`__threadfence_block` 1,
 * `__threadfence` and `__threadfence_system` 2), 0 for any other call. */
int ld__fence_level(CXCursor call);
/* `cuda::atomic_thread_fence(order, scope)` (or `cuda::std::`'s): its
 * level, 1 for a block- or thread-scope fence, 2 for any other, 0 for a
 * relaxed one and for `atomic_signal_fence` (which orders nothing between
 * threads); -1 for any other call. */
int ld__libcu_fence(CXCursor call);

/* An atomic helper (atomic_helpers.c): a device function whose pointer
 * parameters serve only as the addresses of its atomics (the first read
 * of a CAS loop aside), writing nothing else.  Its call is an atomic
 * access of those arguments (bit i: argument i), of the scope of its first
 * atomic (LD_GSCOPE_*), acquiring when it uses atomicCAS or atomicExch. */
struct ld__atomic_helper {
  uint64_t params;
  /* Those it updates at an offset (`atomicAdd(s + d, 1)`): the call's
   * argument does not say which word, so only shared memory is taken. */
  uint64_t offset_params;
  int scope;
  int acquires;
  /* Those it reads or stores plainly as `*p` (a lock's `*m = 0` release, a
   * flag's `while (*f == 0)` wait), of them those it stores, and those
   * whose pointee is volatile: the call reads or stores the argument's
   * word, claimed at the call (a flag when volatile, or when an atomic
   * of the kernel takes the same parameter). */
  uint64_t plain_params, stored_params, volatile_params;
  /* Its strongest fence (1 `__threadfence_block`, 2 device or system; 0
   * none): the call is a release and an acquire.  fence_first: its first
   * fence comes before its atomics and plain accesses (`unlock`: a fence,
   * then the store), and the release is recorded before the call; else
   * (`lock`: the CAS loop, then the fence) after it, or a release recorded
   * as soon as a lock is asked for would order what its holder did before
   * another unit takes it. */
  int fence, fence_first;
};
int ld__atomic_helper(CXCursor fn, struct ld__atomic_helper *out);
/* The same, for a helper called depth helpers deep. */
int ld__atomic_helper_at(CXCursor fn, int depth, struct ld__atomic_helper *out);

/* A call through a function-pointer template parameter (`template
 * <float (*op)(float)> ... op(v)`, llm.c's `warp_reduction(val)`): when
 * callee_expr (the call's unwrapped callee expression) names one, calls
 * visit for every function of the unit (main file and user headers, with a
 * body) of the parameter's function type (the functions a template
 * argument may name), stopping at the first nonzero it returns, which it
 * returns; *param gets the parameter.  -1 when callee_expr names no such
 * parameter. */
int ld__template_fn_candidates(CXCursor callee_expr, CXCursor *param,
                               int (*visit)(CXCursor fn, void *data),
                               void *data);

#endif
