#ifndef RB_PLUGIN_COMMON_FD_QUEUE_H
#define RB_PLUGIN_COMMON_FD_QUEUE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Accepted connections on their way from the accepting thread to a worker loop, in arrival
 * order (the libev and libuv servers). Not thread-safe: the owner holds its own mutex. A zeroed
 * queue is an empty one, as fd_queue_init makes it. */
struct fd_queue {
  int* fds;
  size_t size;
  size_t capacity;
};

void fd_queue_init(struct fd_queue* queue);
/* 0, or -1 when the queue cannot grow (it is then unchanged). */
int fd_queue_push(struct fd_queue* queue, int fd);
/* Exchanges the contents: a worker swaps the shared queue for its empty one under the lock
 * and opens the connections outside it. */
void fd_queue_swap(struct fd_queue* a, struct fd_queue* b);
/* Closes every fd still queued (nobody will serve them) and empties the queue. */
void fd_queue_close_all(struct fd_queue* queue);
void fd_queue_free(struct fd_queue* queue);

#ifdef __cplusplus
}
#endif

#endif
