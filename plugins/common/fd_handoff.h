#ifndef RB_PLUGIN_COMMON_FD_HANDOFF_H
#define RB_PLUGIN_COMMON_FD_HANDOFF_H

#include <pthread.h>
#include <stddef.h>

/* Accepted sockets on their way from the accepting thread to a worker loop, in arrival order,
 * and the word to stop. The acceptor pushes under the lock, then wakes the worker its
 * library's way (ev_async_send, uv_async_send: wake-ups coalesce); the woken worker takes
 * everything pushed at once, under the lock, and starts the connections outside it. Once per
 * connection, not per event. */
struct fd_handoff {
  pthread_mutex_t lock;
  int lock_ready;
  int* incoming; /* guarded by lock */
  size_t incoming_count;
  size_t incoming_capacity;
  int stop;   /* guarded by lock */
  int* taken; /* the worker's own: taken[0..taken_count) */
  size_t taken_count;
  size_t taken_capacity;
};

/* 0, or -1 when the lock cannot be made; fd_handoff_free is safe either way. */
int fd_handoff_init(struct fd_handoff* handoff);

/* The acceptor: 0 once fd is queued, -1 when it cannot be (fd is still the caller's). */
int fd_handoff_push(struct fd_handoff* handoff, int fd);
void fd_handoff_stop(struct fd_handoff* handoff);

/* The worker, woken: moves what was pushed into taken (the worker sets taken_count to 0 once
 * it has started them) and says whether to stop. */
int fd_handoff_take(struct fd_handoff* handoff);

/* Closes every fd in taken (nobody will serve them) and empties it. */
void fd_handoff_close_taken(struct fd_handoff* handoff);

/* Closes the fds left and frees the lists and the lock. */
void fd_handoff_free(struct fd_handoff* handoff);

#endif
