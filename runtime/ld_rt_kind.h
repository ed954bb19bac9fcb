/* The kinds of report: name, whether a race, memory, the SARIF rule's title
 * and description, from one X-macro table.  The name is the `kind` of JSON
 * lines, the SARIF rule id and the first field of a suppression pattern.
 * Host code, plain C; a leaf: it depends on no other runtime file. */
#ifndef LD_RT_KIND_H
#define LD_RT_KIND_H

#include <stdint.h>

#include "ldcc/host.h"

/* Kinds of report, indexed by enum __ldcc_report_kind (0: unknown).
 * X(kind, name, is_race, memory, rule title, rule description).  The name
 * is the `kind` of JSON lines, the SARIF rule id and the first field of a
 * suppression pattern. */
#define LD_RT_KIND_TABLE(X)                                                    \
  X(0, "unknown", 0, NULL, "Unknown report",                                   \
    "A report record ldcc cannot "                                             \
    "decode (a runtime of another version wrote it).")                         \
  X(__LDCC_RK_WRITE_WRITE, "write-write", 1, "shared",                         \
    "Write-write race on shared memory",                                       \
    "Two warps of one block wrote different values to the same shared "        \
    "memory element between the same two barriers.")                           \
  X(__LDCC_RK_READ_WRITE, "read-write", 1, "shared",                           \
    "Read-write race on shared memory",                                        \
    "A warp's result in shared memory changed once it saw the writes other "   \
    "warps made between the same two barriers: it read data another warp "     \
    "wrote without a barrier in between.")                                     \
  X(__LDCC_RK_REGISTERS, "registers", 1, NULL,                                 \
    "Read-write race through registers",                                       \
    "A thread's local variables differed between the two passes of a "         \
    "region: it read data another warp wrote between the same two "            \
    "barriers.")                                                               \
  X(__LDCC_RK_GLOBAL, "global-store", 1, "global",                             \
    "Read-write race through a global store",                                  \
    "A store to global memory wrote another value once the thread saw other "  \
    "warps' writes between the same two barriers.")                            \
  X(__LDCC_RK_LOG_OVERFLOW, "undo-log-overflow", 0, NULL,                      \
    "Region checked for write-write races only",                               \
    "A region stored to global memory more often than the undo log holds, "    \
    "so it was not replayed.")                                                 \
  X(__LDCC_RK_GLOBAL_ATOMIC, "global-atomic", 1, "global",                     \
    "Read-write race through a global atomic",                                 \
    "A global atomic had another operand, or a thread ran another number of "  \
    "atomics, once it saw other warps' writes between the same two "           \
    "barriers.")                                                               \
  X(__LDCC_RK_GLOBAL_WW, "global-write-write", 1, "global",                    \
    "Write-write race on global memory",                                       \
    "Two blocks (or two warps of a kernel without barriers) wrote different "  \
    "values to the same global memory element in one launch.")                 \
  X(__LDCC_RK_GLOBAL_RW, "global-read-write", 1, "global",                     \
    "Read-write race on global memory",                                        \
    "A block's (or warp's) result in global memory changed once it saw the "   \
    "writes other blocks made in the same launch: it read data another "       \
    "block wrote.")                                                            \
  X(__LDCC_RK_INTRA_WARP, "intra-warp", 1, NULL,                               \
    "Intra-warp race under independent thread scheduling",                     \
    "Two lanes of one warp accessed the same location, at least one of them "  \
    "writing, with no __syncwarp, warp collective or barrier between the "     \
    "accesses: since Volta the lanes of a warp are not in lockstep.")          \
  X(__LDCC_RK_SCOPED_ATOMIC, "block-scope-atomic", 1, "global",                \
    "Block-scope atomic on memory other blocks touch",                         \
    "Threads of two blocks used block-scope atomics (atomicAdd_block and "     \
    "friends) on the same global location in one launch: such an atomic is "   \
    "atomic only among the threads of its own block.")                         \
  X(__LDCC_RK_SCOPED_FENCE, "scoped-fence", 1, "global",                       \
    "Data handed through a flag without a fence of the right scope",           \
    "A thread read data that a thread of another block (or another warp) "     \
    "wrote and then published through a flag or lock, but the writer had no "  \
    "fence covering the reader between the data write and the flag write "     \
    "(__threadfence() between blocks, __threadfence_block() within one), or "  \
    "the reader none between the flag read and the data read.")                \
  X(__LDCC_RK_CUB_REUSE, "cub-temp-reuse", 1, "shared",                        \
    "CUB temporary storage reused without a barrier",                          \
    "A thread ran a second CUB block collective (BlockReduce, BlockScan, "     \
    "BlockLoad, ...) on the same shared TempStorage with no __syncthreads() "  \
    "since the first: threads still reading the first collective's results "   \
    "race with the second collective's writes (CUB requires the barrier).")    \
  X(__LDCC_RK_CLUSTER_SHARED, "cluster-shared", 1, "shared",                   \
    "Race on distributed shared memory between the blocks of a cluster",       \
    "Two blocks of one cluster accessed the same word of one block's shared "  \
    "memory (through map_shared_rank), at least one of them writing (or one "  \
    "with an atomic, the other plainly), with no cluster.sync() between the "  \
    "accesses.")                                                               \
  X(__LDCC_RK_WARP_SHARED, "inter-warp", 1, "shared",                          \
    "Race on shared memory between the warps of a block",                      \
    "Two warps of one block accessed the same word of its shared memory, one " \
    "reading and the other writing (or one with an atomic, the other "         \
    "plainly), with no __syncthreads() between the accesses.")

#define LD_RT_NKINDS 15u

/* The kind's name ("write-write"), "unknown" out of range. */
const char *ld_rt_kind_name(uint32_t kind);
/* 1 for kinds that are races (counted, exit status), 0 for notes. */
int ld_rt_kind_is_race(uint32_t kind);
/* "shared", "global" or NULL (not known). */
const char *ld_rt_kind_memory(uint32_t kind);
const char *ld_rt_kind_title(uint32_t kind);
const char *ld_rt_kind_description(uint32_t kind);

#endif
