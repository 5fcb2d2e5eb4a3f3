#ifndef LIBEV_PLUGIN_FD_BATCH_H
#define LIBEV_PLUGIN_FD_BATCH_H

#include <stddef.h>

/* Accepted sockets on their way from the accepting thread to a worker loop. Not
 * thread-safe: the owner holds its own mutex, and a worker swaps the shared batch for its
 * own empty one under it, so it starts the connections without holding the lock. */
struct fd_batch {
  int* fds;
  size_t count;
  size_t capacity;
};

/* 0, or -1 when the batch cannot grow (the fd is then not in it). */
int fd_batch_push(struct fd_batch* batch, int fd);
void fd_batch_swap(struct fd_batch* a, struct fd_batch* b);
/* Closes every fd still in the batch and empties it (it keeps its memory). */
void fd_batch_close_all(struct fd_batch* batch);
void fd_batch_free(struct fd_batch* batch);

#endif
