// A hash table with separate chaining, the way C-style CUDA code keeps one:
// a struct on the device holds the bucket heads (`Node **heads`), each
// thread walks its bucket's list (`for (Node *e = t->heads[b]; e !=
// nullptr; e = e->next)`), counts the visits in the nodes, and one thread
// prints a line for debugging with a `%s` of a loaded pointer.  Until
// session 43 the walking local and the printf made the kernel "not checked
// across blocks: printf: t, which it writes through, is used other than as
// the base of an access": nothing was checked.  Now every access through
// the walking pointer is claimed by its address in the direct one run
// (docs/global-check.md, "Pointers loaded from memory").  Fixed twin: the
// chains are disjoint.  Racy twin: some chains run on into the chain of a
// bucket another block walks, so two threads bump one node's count (a lost
// update across blocks).
#include <cstdio>

#include "e2e.h"

struct Node {
  int key;
  int count;
  const char *tag;
  Node *next;
};

struct Table {
  Node **heads;
  int nbuckets;
};

__global__ void count_chain(Table *t, int *lengths, int debug) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= t->nbuckets)
    return;
  int n = 0;
  for (Node *e = t->heads[b]; e != nullptr; e = e->next) {
    e->count += 1;
    n++;
  }
  if (debug && b == 0 && t->heads[0])
    printf("debug: bucket 0 has %d nodes, first %s %d\n", n,
           t->heads[0]->tag, t->heads[0]->key);
  lengths[b] = n;
}

int main() {
  const int nbuckets = 1024, per = 3, nnodes = nbuckets * per;
  static Node hn[nnodes];
  static Node *hheads[nbuckets];
  static int lengths[nbuckets], counts[nnodes];
  Node *d_nodes;
  char *d_tag;
  E2E_CHECK(cudaMalloc(&d_nodes, nnodes * sizeof(Node)));
  E2E_CHECK(cudaMalloc(&d_tag, 8));
  E2E_CHECK(cudaMemcpy(d_tag, "node", 5, cudaMemcpyHostToDevice));
  for (int b = 0; b < nbuckets; b++) {
    for (int j = 0; j < per; j++) {
      int i = b * per + j;
      hn[i].key = (i * 2654435761u) % 1000;
      hn[i].count = 0;
      hn[i].tag = d_tag;
      hn[i].next = j + 1 < per ? d_nodes + i + 1 : nullptr;
    }
    hheads[b] = d_nodes + b * per;
  }
#ifdef E2E_RACE
  // Every fourth chain runs on into the chain 200 buckets further (another
  // block's): its nodes are bumped by two threads.
  for (int b = 0; b + 200 < nbuckets; b += 4)
    hn[b * per + per - 1].next = d_nodes + (b + 200) * per;
#endif
  E2E_CHECK(cudaMemcpy(d_nodes, hn, sizeof hn, cudaMemcpyHostToDevice));
  Table h;
  h.heads = e2e_to_device(hheads, nbuckets);
  h.nbuckets = nbuckets;
  Table *dt = e2e_to_device(&h, 1);
  int *dl;
  E2E_CHECK(cudaMalloc(&dl, nbuckets * sizeof(int)));
  count_chain<<<nbuckets / 128, 128>>>(dt, dl, 1);
  E2E_CHECK(cudaGetLastError());
  e2e_to_host(lengths, dl, nbuckets);
  e2e_to_host(hn, d_nodes, nnodes);
  for (int i = 0; i < nnodes; i++)
    counts[i] = hn[i].count;
  printf("lengths %d %d hash %llx counts %llx\n", lengths[0],
         lengths[nbuckets - 1], e2e_hash(lengths, sizeof lengths),
         e2e_hash(counts, sizeof counts));
  return 0;
}

// The GPU tier's expectations (tests/gpu/bundle.sh, docs/testing.md).
// RACE-CHECK: in kernel count_chain
// RACE-CHECK: list_walk.cu:36
// RACE-CHECK: on global memory d_nodes
// RACE-CHECK-NOT: not checked
