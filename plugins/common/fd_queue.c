#include "fd_queue.h"

#include <stdlib.h>
#include <unistd.h>

void fd_queue_init(struct fd_queue* queue) {
  queue->fds = NULL;
  queue->size = 0;
  queue->capacity = 0;
}

int fd_queue_push(struct fd_queue* queue, int fd) {
  if (queue->size == queue->capacity) {
    const size_t capacity = queue->capacity == 0 ? 64 : queue->capacity * 2;
    int* grown = realloc(queue->fds, capacity * sizeof *grown);
    if (grown == NULL) return -1;
    queue->fds = grown;
    queue->capacity = capacity;
  }
  queue->fds[queue->size++] = fd;
  return 0;
}

void fd_queue_swap(struct fd_queue* a, struct fd_queue* b) {
  const struct fd_queue kept = *a;
  *a = *b;
  *b = kept;
}

void fd_queue_close_all(struct fd_queue* queue) {
  for (size_t i = 0; i < queue->size; ++i) close(queue->fds[i]);
  queue->size = 0;
}

void fd_queue_free(struct fd_queue* queue) {
  fd_queue_close_all(queue);
  free(queue->fds);
  fd_queue_init(queue);
}
