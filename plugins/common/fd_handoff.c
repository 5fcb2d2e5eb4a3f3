#include "fd_handoff.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int fd_handoff_init(struct fd_handoff* handoff) {
  memset(handoff, 0, sizeof *handoff);
  if (pthread_mutex_init(&handoff->lock, NULL) != 0) return -1;
  handoff->lock_ready = 1;
  return 0;
}

int fd_handoff_push(struct fd_handoff* handoff, int fd) {
  int rc = 0;
  pthread_mutex_lock(&handoff->lock);
  if (handoff->incoming_count == handoff->incoming_capacity) {
    const size_t capacity = handoff->incoming_capacity == 0 ? 64 : handoff->incoming_capacity * 2;
    int* grown = realloc(handoff->incoming, capacity * sizeof *grown);
    if (grown != NULL) {
      handoff->incoming = grown;
      handoff->incoming_capacity = capacity;
    }
  }
  if (handoff->incoming_count < handoff->incoming_capacity)
    handoff->incoming[handoff->incoming_count++] = fd;
  else
    rc = -1;
  pthread_mutex_unlock(&handoff->lock);
  return rc;
}

void fd_handoff_stop(struct fd_handoff* handoff) {
  pthread_mutex_lock(&handoff->lock);
  handoff->stop = 1;
  pthread_mutex_unlock(&handoff->lock);
}

int fd_handoff_take(struct fd_handoff* handoff) {
  pthread_mutex_lock(&handoff->lock);
  /* Swap the lists: the worker's emptied one becomes the acceptor's, with its memory. */
  int* const fds = handoff->taken;
  const size_t capacity = handoff->taken_capacity;
  handoff->taken = handoff->incoming;
  handoff->taken_count = handoff->incoming_count;
  handoff->taken_capacity = handoff->incoming_capacity;
  handoff->incoming = fds;
  handoff->incoming_count = 0;
  handoff->incoming_capacity = capacity;
  const int stop = handoff->stop;
  pthread_mutex_unlock(&handoff->lock);
  return stop;
}

void fd_handoff_close_taken(struct fd_handoff* handoff) {
  for (size_t i = 0; i < handoff->taken_count; ++i) close(handoff->taken[i]);
  handoff->taken_count = 0;
}

void fd_handoff_free(struct fd_handoff* handoff) {
  fd_handoff_close_taken(handoff);
  for (size_t i = 0; i < handoff->incoming_count; ++i) close(handoff->incoming[i]);
  free(handoff->incoming);
  free(handoff->taken);
  if (handoff->lock_ready) pthread_mutex_destroy(&handoff->lock);
  memset(handoff, 0, sizeof *handoff);
}
