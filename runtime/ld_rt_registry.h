/* The allocation registry: every piece of device memory the program owns,
 * as an interval map [base, base + size) -> what it is.  The global-memory
 * check asks it which allocation a pointer parameter points into (any
 * interior pointer, O(log n)), so it can copy exactly that allocation.
 *
 * Entries never overlap; the map is ordered by address and guarded by one
 * mutex, since CUDA programs allocate and free from several host threads.
 * It knows nothing about CUDA: the interception (ld_rt_intercept.h) fills
 * it.  Host code, plain C. */
#ifndef LD_RT_REGISTRY_H
#define LD_RT_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

/* What made an allocation.  Stable numbers: reports and logs print them
 * through ld_rt_alloc_kind_name. */
#define LD_RT_ALLOC_KIND_TABLE(X)                                              \
  X(LD_RT_ALLOC_MALLOC, 0, "cudaMalloc")                                       \
  X(LD_RT_ALLOC_MANAGED, 1, "cudaMallocManaged")                               \
  X(LD_RT_ALLOC_PITCH, 2, "cudaMallocPitch")                                   \
  X(LD_RT_ALLOC_3D, 3, "cudaMalloc3D")                                         \
  X(LD_RT_ALLOC_ASYNC, 4, "cudaMallocAsync")                                   \
  X(LD_RT_ALLOC_POOL, 5, "cudaMallocFromPoolAsync")                            \
  X(LD_RT_ALLOC_DEVICE_VAR, 6, "__device__ variable")                          \
  X(LD_RT_ALLOC_MANAGED_VAR, 7, "__managed__ variable")                        \
  X(LD_RT_ALLOC_CONSTANT_VAR, 8, "__constant__ variable")                      \
  X(LD_RT_ALLOC_INTERNAL, 9, "ldcc runtime")                                   \
  X(LD_RT_ALLOC_HOST, 10, "cudaMallocHost")                                    \
  X(LD_RT_ALLOC_HOST_ALLOC, 11, "cudaHostAlloc")                               \
  X(LD_RT_ALLOC_HOST_REGISTER, 12, "cudaHostRegister")

enum ld_rt_alloc_kind {
#define LD_RT_ALLOC_KIND_ENUM(name, value, text) name = value,
  LD_RT_ALLOC_KIND_TABLE(LD_RT_ALLOC_KIND_ENUM)
#undef LD_RT_ALLOC_KIND_ENUM
      LD_RT_ALLOC_NKINDS
};

/* A static string for a kind; "?" for a number outside the table. */
const char *ld_rt_alloc_kind_name(int kind);

/* One allocation.  Copies handed out by the registry are snapshots: they
 * stay valid after the entry is removed. */
struct ld_rt_alloc {
  uint64_t base;   /* device address of the first byte */
  uint64_t size;   /* bytes, >= 1; [base, base + size) must not wrap */
  uint64_t pitch;  /* pitched and 3D: bytes per row as allocated; else 0 */
  uint64_t width;  /* pitched and 3D: bytes the program asked per row */
  uint64_t height; /* pitched and 3D: rows per slice; else 0 */
  uint64_t depth;  /* 3D: slices; pitched: 1; else 0 */
  uint64_t caller; /* return address of the allocation call; 0 unknown */
  uint64_t id;     /* set by insert: 1, 2, ... in insertion order */
  int kind;        /* LD_RT_ALLOC_* */
  /* Variable or allocation-site name, or NULL.  Interned by the registry
   * and never freed before the registry is, so a snapshot's name stays
   * valid. */
  const char *name;
  /* The program's name for an allocation (the variable its cudaMalloc
   * call fills, as the source spells it: `h.dist_new`) and the size of
   * that pointer's element (0 unknown), told by the translated host code
   * (__ldcc_alloc_name); a string of the program's, never freed.  NULL
   * when not told. */
  const char *site_name;
  uint32_t elem_size;
};

struct ld_rt_registry; /* opaque */

/* A new, empty registry in *out; free with ld_rt_registry_free.
 * Returns 0 or LD_ENOMEM. */
int ld_rt_registry_create(struct ld_rt_registry **out);
void ld_rt_registry_free(struct ld_rt_registry *reg);

/* What insert does when the new range overlaps entries already there. */
#define LD_RT_REG_REJECT 0 /* fail with LD_EOVERLAP, registry unchanged */
/* Remove them first: the device just handed out this range, so they were
 * freed behind the registry's back (a free from another thread that has
 * not reached the registry yet, or memory freed by a library ldcc did not
 * intercept). */
#define LD_RT_REG_EVICT 1

/* Add a->[base, base + size) with a copy of a->name.  The id is assigned
 * and written to *id (may be NULL).  Returns 0; LD_EINVAL for size 0, a
 * range that wraps, or an unknown kind; LD_EOVERLAP (REJECT); LD_ENOMEM.
 * With EVICT, *nevicted (may be NULL) gets the number of entries removed. */
int ld_rt_registry_insert(struct ld_rt_registry *reg,
                          const struct ld_rt_alloc *a, int on_overlap,
                          uint64_t *id, size_t *nevicted);

/* Remove the entry that starts at base.  With id != 0, only if the entry
 * there still has that id (a free racing with an allocation that reused
 * the address on another thread leaves the new entry alone).  *out (may
 * be NULL) gets the removed entry.  Returns 0, or LD_ENOTFOUND when no
 * entry starts at base (a double free, an interior pointer, memory ldcc
 * never saw) or it has another id. */
int ld_rt_registry_remove(struct ld_rt_registry *reg, uint64_t base,
                          uint64_t id, struct ld_rt_alloc *out);

/* The entry containing addr (base <= addr < base + size) into *out.
 * Returns 0 or LD_ENOTFOUND. */
int ld_rt_registry_find(struct ld_rt_registry *reg, uint64_t addr,
                        struct ld_rt_alloc *out);

/* Number of entries and their total bytes (either pointer may be NULL). */
void ld_rt_registry_stats(struct ld_rt_registry *reg, size_t *count,
                          uint64_t *bytes);

/* Call fn on every entry in address order until it returns non-zero,
 * which is then returned (0 when all were visited).  The registry is
 * locked meanwhile: fn must not call back into it. */
int ld_rt_registry_each(struct ld_rt_registry *reg,
                        int (*fn)(const struct ld_rt_alloc *a, void *ctx),
                        void *ctx);

/* For the tests: the height of the tree (0 when empty), which must stay
 * within 1.44 log2(count + 2) for lookups to be O(log n). */
int ld__rt_registry_height(struct ld_rt_registry *reg);

#endif
