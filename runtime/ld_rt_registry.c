/* The allocation registry (see ld_rt_registry.h): an AVL tree keyed by base
 * address under one mutex.  Because entries never overlap, their ends are
 * ordered like their bases, so "which entry holds addr" and "does [b, e)
 * overlap anything" are both answered by the entry with the greatest base
 * at or below one address.  Host code, plain C. */
#include "ld_rt_registry.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ld_error.h"

struct node {
  struct ld_rt_alloc a;
  struct node *left, *right;
  int height; /* of the subtree; a leaf is 1 */
};

struct ld_rt_registry {
  pthread_mutex_t lock;
  struct node *root;
  size_t count;
  uint64_t bytes;
  uint64_t next_id;
  /* Interned names: the same site or variable is named by every one of its
   * allocations, so the set stays as small as the program's text. */
  char **names;
  size_t nnames, cap_names;
};

const char *ld_rt_alloc_kind_name(int kind) {
  switch (kind) {
#define LD_RT_ALLOC_KIND_CASE(name, value, text)                               \
  case name:                                                                   \
    return text;
    LD_RT_ALLOC_KIND_TABLE(LD_RT_ALLOC_KIND_CASE)
#undef LD_RT_ALLOC_KIND_CASE
  }
  return "?";
}

int ld_rt_registry_create(struct ld_rt_registry **out) {
  struct ld_rt_registry *reg = calloc(1, sizeof *reg);

  *out = NULL;
  if (!reg)
    return LD_ENOMEM;
  if (pthread_mutex_init(&reg->lock, NULL) != 0) {
    free(reg);
    return LD_ENOMEM;
  }
  reg->next_id = 1;
  *out = reg;
  return LD_OK;
}

static void free_tree(struct node *n) {
  while (n) {
    struct node *right = n->right;
    free_tree(n->left);
    free(n);
    n = right;
  }
}

void ld_rt_registry_free(struct ld_rt_registry *reg) {
  size_t i;

  if (!reg)
    return;
  free_tree(reg->root);
  for (i = 0; i < reg->nnames; i++)
    free(reg->names[i]);
  free(reg->names);
  pthread_mutex_destroy(&reg->lock);
  free(reg);
}

/* The registry's copy of name (NULL stays NULL), or NULL on no memory
 * with *rc set. */
static const char *intern(struct ld_rt_registry *reg, const char *name,
                          int *rc) {
  size_t i;
  char *copy;

  if (!name)
    return NULL;
  for (i = 0; i < reg->nnames; i++)
    if (strcmp(reg->names[i], name) == 0)
      return reg->names[i];
  if (reg->nnames == reg->cap_names) {
    size_t cap = reg->cap_names ? 2 * reg->cap_names : 16;
    char **names = realloc(reg->names, cap * sizeof *names);
    if (!names) {
      *rc = LD_ENOMEM;
      return NULL;
    }
    reg->names = names;
    reg->cap_names = cap;
  }
  if ((copy = strdup(name)) == NULL) {
    *rc = LD_ENOMEM;
    return NULL;
  }
  reg->names[reg->nnames++] = copy;
  return copy;
}

static int height(const struct node *n) {
  return n ? n->height : 0;
}

static void update(struct node *n) {
  int l = height(n->left), r = height(n->right);
  n->height = (l > r ? l : r) + 1;
}

static struct node *rotate_right(struct node *n) {
  struct node *l = n->left;
  n->left = l->right;
  l->right = n;
  update(n);
  update(l);
  return l;
}

static struct node *rotate_left(struct node *n) {
  struct node *r = n->right;
  n->right = r->left;
  r->left = n;
  update(n);
  update(r);
  return r;
}

/* Restore the AVL invariant at n after one of its subtrees changed height
 * by at most one. */
static struct node *balance(struct node *n) {
  int diff;

  update(n);
  diff = height(n->left) - height(n->right);
  if (diff > 1) {
    if (height(n->left->left) < height(n->left->right))
      n->left = rotate_left(n->left);
    return rotate_right(n);
  }
  if (diff < -1) {
    if (height(n->right->right) < height(n->right->left))
      n->right = rotate_right(n->right);
    return rotate_left(n);
  }
  return n;
}

/* The caller has checked that no node has fresh->a.base. */
static struct node *insert_node(struct node *n, struct node *fresh) {
  if (!n)
    return fresh;
  if (fresh->a.base < n->a.base)
    n->left = insert_node(n->left, fresh);
  else
    n->right = insert_node(n->right, fresh);
  return balance(n);
}

/* Unlink the leftmost node of n into *min; returns the new subtree. */
static struct node *take_min(struct node *n, struct node **min) {
  if (!n->left) {
    *min = n;
    return n->right;
  }
  n->left = take_min(n->left, min);
  return balance(n);
}

/* Unlink the node with key base into *gone (NULL if none). */
static struct node *remove_node(struct node *n, uint64_t base,
                                struct node **gone) {
  struct node *min;

  if (!n)
    return NULL;
  if (base < n->a.base) {
    n->left = remove_node(n->left, base, gone);
    return balance(n);
  }
  if (base > n->a.base) {
    n->right = remove_node(n->right, base, gone);
    return balance(n);
  }
  *gone = n;
  if (!n->left || !n->right)
    return n->left ? n->left : n->right;
  n->right = take_min(n->right, &min);
  min->left = n->left;
  min->right = n->right;
  return balance(min);
}

/* The node with the greatest base <= addr, or NULL. */
static struct node *floor_node(struct node *n, uint64_t addr) {
  struct node *best = NULL;

  while (n) {
    if (n->a.base <= addr) {
      best = n;
      n = n->right;
    } else {
      n = n->left;
    }
  }
  return best;
}

/* An entry overlapping [base, base + size), or NULL. */
static struct node *overlapping(struct ld_rt_registry *reg, uint64_t base,
                                uint64_t size) {
  struct node *n = floor_node(reg->root, base + size - 1);
  return n && n->a.base + (n->a.size - 1) >= base ? n : NULL;
}

static void unlink_entry(struct ld_rt_registry *reg, uint64_t base) {
  struct node *gone = NULL;

  reg->root = remove_node(reg->root, base, &gone);
  if (gone) {
    reg->count--;
    reg->bytes -= gone->a.size;
    free(gone);
  }
}

int ld_rt_registry_insert(struct ld_rt_registry *reg,
                          const struct ld_rt_alloc *a, int on_overlap,
                          uint64_t *id, size_t *nevicted) {
  struct node *fresh = NULL, *old;
  size_t evicted = 0;
  int rc = LD_OK;

  if (nevicted)
    *nevicted = 0;
  if (a->size == 0 || a->base + a->size - 1 < a->base || a->kind < 0 ||
      a->kind >= LD_RT_ALLOC_NKINDS ||
      (on_overlap != LD_RT_REG_REJECT && on_overlap != LD_RT_REG_EVICT))
    return LD_EINVAL;
  if ((fresh = calloc(1, sizeof *fresh)) == NULL)
    return LD_ENOMEM;
  fresh->a = *a;
  fresh->height = 1;
  pthread_mutex_lock(&reg->lock);
  if (on_overlap == LD_RT_REG_REJECT && overlapping(reg, a->base, a->size)) {
    rc = LD_EOVERLAP;
    goto out;
  }
  fresh->a.name = intern(reg, a->name, &rc);
  if (rc != LD_OK)
    goto out;
  while ((old = overlapping(reg, a->base, a->size)) != NULL) {
    unlink_entry(reg, old->a.base);
    evicted++;
  }
  fresh->a.id = reg->next_id++;
  reg->root = insert_node(reg->root, fresh);
  reg->count++;
  reg->bytes += a->size;
  if (id)
    *id = fresh->a.id;
  if (nevicted)
    *nevicted = evicted;
  fresh = NULL;
out:
  pthread_mutex_unlock(&reg->lock);
  free(fresh);
  return rc;
}

int ld_rt_registry_remove(struct ld_rt_registry *reg, uint64_t base,
                          uint64_t id, struct ld_rt_alloc *out) {
  struct node *n;
  int rc = LD_ENOTFOUND;

  pthread_mutex_lock(&reg->lock);
  n = floor_node(reg->root, base);
  if (n && n->a.base == base && (id == 0 || n->a.id == id)) {
    if (out)
      *out = n->a;
    unlink_entry(reg, base);
    rc = LD_OK;
  }
  pthread_mutex_unlock(&reg->lock);
  return rc;
}

int ld_rt_registry_find(struct ld_rt_registry *reg, uint64_t addr,
                        struct ld_rt_alloc *out) {
  struct node *n;
  int rc = LD_ENOTFOUND;

  pthread_mutex_lock(&reg->lock);
  n = floor_node(reg->root, addr);
  if (n && addr - n->a.base < n->a.size) {
    *out = n->a;
    rc = LD_OK;
  }
  pthread_mutex_unlock(&reg->lock);
  return rc;
}

void ld_rt_registry_stats(struct ld_rt_registry *reg, size_t *count,
                          uint64_t *bytes) {
  pthread_mutex_lock(&reg->lock);
  if (count)
    *count = reg->count;
  if (bytes)
    *bytes = reg->bytes;
  pthread_mutex_unlock(&reg->lock);
}

static int each_node(const struct node *n,
                     int (*fn)(const struct ld_rt_alloc *, void *), void *ctx) {
  int rc;

  while (n) {
    if ((rc = each_node(n->left, fn, ctx)) != 0 || (rc = fn(&n->a, ctx)) != 0)
      return rc;
    n = n->right;
  }
  return 0;
}

int ld_rt_registry_each(struct ld_rt_registry *reg,
                        int (*fn)(const struct ld_rt_alloc *a, void *ctx),
                        void *ctx) {
  int rc;

  pthread_mutex_lock(&reg->lock);
  rc = each_node(reg->root, fn, ctx);
  pthread_mutex_unlock(&reg->lock);
  return rc;
}

int ld__rt_registry_height(struct ld_rt_registry *reg) {
  int h;

  pthread_mutex_lock(&reg->lock);
  h = height(reg->root);
  pthread_mutex_unlock(&reg->lock);
  return h;
}
