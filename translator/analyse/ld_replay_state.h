/* The state of the replay walk (struct facts, split by what fills it) and
 * the helpers every replay file shares (replay_state.c).  Host code
 * only. */
#ifndef LD_REPLAY_STATE_H
#define LD_REPLAY_STATE_H

#include <clang-c/Index.h>
#include <stddef.h>

#include "ld_buf.h"
#include "ld_clang_int.h"

/* One node on the path from the kernel to the cursor being looked at. */
struct frame {
  CXCursor cur;
  enum CXCursorKind kind;
  const struct frame *parent;
  unsigned index;  /* position among the parent's children */
  unsigned nchild; /* children seen so far */
  struct facts *fx;
};

/* Where a local lives and is used, for liveness at the sites. */
struct local_uses {
  size_t scope_b, scope_e; /* the block (or for statement) declaring it */
  size_t decl;             /* its declaration (0 for a parameter) */
  size_t *refs;            /* offsets of its references */
  size_t nrefs;
  int escapes;        /* used other than read or assigned: always live */
  size_t last_change; /* one past the last reference that may change it
                         (anything but a read of its value); 0: none */
  size_t decl_end;    /* one past its declaration (initialiser included) */
  long long stride;   /* the proof: K > 0 when every change is `+= K` (K
                         constant), -1 when some other change, 0 none */
  int pchanged;       /* the proof: some reference may change it */
  int odd_change;     /* a change other than `op= constant`, `++`, `--` */
  unsigned powch;     /* the proof: changes by 1 `>>= 1` or `/= 2`, 2 `<<= 1`
                         or `*= 2`, 4 anything else */
  size_t change_lo, change_hi; /* offsets of its first and last change */
};

/* The body's shape for liveness at the sites (liveness.c fills it during
 * the walk). */
struct ld__body_shape {
  size_t (*loops)[2]; /* loop statements of the body */
  size_t nloops;
  int loops_unknown;
  size_t (*tops)[2]; /* the body's top-level statements */
  size_t ntops;
  int tops_unknown;
  size_t first_read; /* one past the offset of the first expression that
                        may read memory: a subscript, `*`, `->` or `.` on
                        anything but threadIdx and its kin, a call, a
                        target (0: none) */
};

/* For the shared-memory proof (ld_shared_proof.h; shared_proof_facts.c):
 * every reference to a target, per site whether it stands in blocks and
 * loops only, the breaks and continues of loops, and the first reason it
 * cannot hold. */
struct ld__proof_facts {
  struct ld_proof_access *pacc;
  size_t npacc, cappacc;
  unsigned char *site_flat; /* parallel to r->sites */
  size_t capflat;
  struct ld_proof_jump *jumps;
  size_t njumps, capjumps;
  const char *proof_why;
  struct proof_cur *pcur; /* parallel to pacc */
  size_t cappcur;
  size_t *for_body; /* parallel to loops: a for statement's body, else
                       SIZE_MAX */
  size_t capfor;
  CXCursor *for_cond; /* parallel to loops: a for statement's condition
                         (null when it has none or lacks a part) */
  size_t capcond;
  size_t *body_at; /* parallel to loops: ld_proof_input.bodies */
  size_t capbody;
};

/* The device functions the clone calls (replay_facts.c). */
struct ld__devfn_facts {
  CXCursor *callee_cur;  /* parallel to r->callees: their definitions */
  unsigned *store_lines; /* a device function's stores through pointers */
  size_t nstore_lines;
};

/* Pointers into the copies kept in the kernel's locals (replay_facts.c,
 * note_kept_pointer): the targets they point into, by index in r->members
 * (repeats allowed), and whether one allows writes. */
struct ld__pointer_facts {
  int kept;
  /* a global atomic (global_atomic_<op>) through a local pointer variable:
   * it could land in a warp's copy when a pointer to a target is kept */
  int local_atomics;
  size_t *members;
  size_t nmembers, cap;
};

/* The walk of one function for its replay clone. */
struct facts {
  const struct ld__source *s;
  struct facts *top; /* the kernel's walk (this one for the kernel): its
                        r->members hold every shared variable a clone names,
                        its r->callees every device function cloned, at any
                        depth */
  unsigned depth;    /* device functions between the kernel and this one */
  struct ld_kernel *k;
  struct ld_replay *r;
  CXCursor fn; /* the function being walked */
  /* A device function's walk: the call it came from, whose template
   * arguments (`matrixMul<8, size_t>(...)`) size its shared variables in
   * the kernel's layout (replay_facts.c sized_by_args); null for the
   * kernel's. */
  CXCursor call;
  /* Its template parameters' names and the call's arguments for them
   * (owned), when its shared variables are sized by them. */
  char *tsub_names[8], *tsub_args[8];
  int tsub_value[8]; /* a non-type parameter: its argument parenthesised */
  size_t ntsub;
  char *reason; /* first reason the kernel cannot be cloned */
  int rc;
  CXCursor *local_cur;     /* parallel to r->locals */
  char **orig_name;        /* parallel to r->locals: name as written */
  struct local_uses *uses; /* parallel to r->locals */
  size_t caplocals;
  size_t decl_scope_b, decl_scope_e; /* of the declaration being added */
  CXCursor *member_cur;              /* parallel to r->members */
  size_t capmembers, capsites;
  struct ld__body_shape shape;
  struct ld__devfn_facts devfns;
  struct ld__proof_facts proof;
  struct ld__pointer_facts ptrs;
  int skip_children; /* the walk's callback: the node was rewritten whole */
  /* The kernel's CUB block-collective TempStorage variables: real shared
   * memory in the clone, each use through __ldcc::cub_use (the top's). */
  CXCursor cubs[4];
  char *cub_names[4];
  size_t ncubs;
  /* Thread-scope cuda::pipeline locals, each `__ldcc::apipe(__ldcc_c)`
   * in the clone, on its queue of copies ("Asynchronous copies"). */
  CXCursor pipes[4];
  size_t npipes;
};

/* Where a store or an atomic lands (ld__place_of). */
enum place { PLACE_LOCAL, PLACE_SHARED, PLACE_GLOBAL, PLACE_BAD };

/* How a reference to a target is used (the walk's access_of): loaded,
 * stored to, or anything else. */
enum access { ACCESS_READ, ACCESS_STORE, ACCESS_OTHER };

/* Record why (the first reason only) the function cannot be cloned. */
void ld__replay_fail(struct facts *fx, const char *why);
int ld__replay_stopped(const struct facts *fx);
/* Main-file extent of c that no macro expansion splits; 0 otherwise. */
int ld__replay_span(const struct facts *fx, CXCursor c, size_t *b, size_t *e);
int ld__is_blank(char c);
int ld__has_word(const struct facts *fx, size_t b, size_t e, const char *word);
int ld__put_without(struct ld_buf *out, const char *s, size_t b, size_t e,
                    const char *const *drop);
/* Replace [b, e) of the clone's text by t. */
void ld__replay_edit(struct facts *fx, size_t b, size_t e, const char *t);
unsigned ld__line_of(const struct facts *fx, size_t off);
size_t ld__stmt_end(const struct facts *fx, size_t e);
int ld__is_statement(const struct frame *f);
/* Index of decl in r->members or r->locals; SIZE_MAX when none. */
size_t ld__find_member(const struct facts *fx, CXCursor decl);
size_t ld__find_local(const struct facts *fx, CXCursor decl);
/* Where the lvalue e (or what pointer e points to) lives. */
enum place ld__place_of(const struct facts *fx, CXCursor e, size_t *member,
                        const char **why);
int ld__starts(const char *s, const char *prefix);
enum place ld__pointee_place(const struct facts *fx, CXCursor e, size_t *member,
                             const char **why);
/* Types and cursors the proof and the walk read alike. */
int ld__is_array_type(CXType t);
const struct frame *ld__decayed_into_subscript(const struct frame *p,
                                               const struct frame *q);
int ld__replay_text_is(const struct facts *fx, size_t b, size_t e,
                       const char *t);
CXCursor ld__stripped(CXCursor c);
int ld__thread_index_of(const struct facts *fx, CXCursor c);
int ld__is_index_type(CXType t);

#endif
