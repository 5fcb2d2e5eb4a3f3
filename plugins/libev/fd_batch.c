#include "fd_batch.h"

#include <stdlib.h>
#include <unistd.h>

int fd_batch_push(struct fd_batch* batch, int fd) {
  if (batch->count == batch->capacity) {
    const size_t capacity = batch->capacity == 0 ? 16 : batch->capacity * 2;
    int* bigger = realloc(batch->fds, capacity * sizeof *bigger);
    if (bigger == NULL) {
      return -1;
    }
    batch->fds = bigger;
    batch->capacity = capacity;
  }
  batch->fds[batch->count++] = fd;
  return 0;
}

void fd_batch_swap(struct fd_batch* a, struct fd_batch* b) {
  const struct fd_batch kept = *a;
  *a = *b;
  *b = kept;
}

void fd_batch_close_all(struct fd_batch* batch) {
  for (size_t i = 0; i < batch->count; ++i) {
    close(batch->fds[i]);
  }
  batch->count = 0;
}

void fd_batch_free(struct fd_batch* batch) {
  fd_batch_close_all(batch);
  free(batch->fds);
  batch->fds = NULL;
  batch->capacity = 0;
}
