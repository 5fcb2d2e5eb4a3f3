#ifndef RAW_EPOLL_EPOLL_SERVER_H
#define RAW_EPOLL_EPOLL_SERVER_H

#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "error_message.h"
#include "held_input.h"
#include "options.h"
#include "out_buffer.h"
#include "output_high_water.h"
#include "rr_stall.h"
#include "server_acceptor.h"
#include "server_shell.h"
#include "spin.h"

/* What the pingpong and rr servers on epoll(7) share: accepting, the loops and their threads,
 * the connections' bookkeeping and the stop. threads == 1: one loop accepts and serves.
 * threads > 1: the calling thread accepts and adds each connection round-robin to a worker's
 * epoll set (epoll_ctl is thread-safe, so no hand-off queue is needed); each worker stops when
 * its wake fd is written. A protocol (echo, HTTP) gives what it does with a connection's
 * events, and runs each loop through epoll_loop_run with that handler. */

enum { kEpollReadBufferSize = 64 * 1024 };

/* A connection; a protocol's own struct begins with it. */
struct epoll_conn {
  int fd;
  uint32_t interest; /* the events it is registered for */
  int closing;       /* reads no more; closes once its output is out */
  struct out_buffer out;
  struct held_input held; /* rr: read, unanswered while the output is above the high-water mark */
  struct epoll_conn* prev;
  struct epoll_conn* next;
};

struct epoll_server;

/* One epoll set and the connections it serves. Counts are touched only by the loop's thread,
 * and read once it has stopped. */
struct epoll_loop {
  struct epoll_server* server;
  int epoll_fd;
  int wake_fd; /* worker loops: the acceptor's stop signal */
  pthread_t thread;
  pthread_mutex_t lock; /* the list: the acceptor adds, the loop removes */
  struct epoll_conn* conns;
  char* buffer; /* every read lands here */
  struct epoll_event* events;
  int max_events;
  struct server_counts counts;
  uint64_t iterations;
  struct rr_stall stall; /* injected pauses (rr option stall_ms), off by default */
  uint64_t stalls;
  struct spin spin;                   /* option spin_ns: an injected cost per message served */
  const rb_http_responses* responses; /* rr's */
  int failed;
  char error[200];
};

struct epoll_protocol {
  size_t conn_size; /* of the protocol's connection struct */
  /* Readies a new connection's own part (may be NULL); runs on the accepting thread. */
  void (*init_conn)(struct epoll_conn* conn);
  /* Runs a loop until it stops: epoll_loop_run with the protocol's handler. */
  int (*run)(struct epoll_loop* loop, char* err, size_t err_len);
};

struct epoll_server {
  struct server_tally tally; /* first: server_tally_count reads it */
  int listen_fd;
  int stop_fd;
  uint32_t threads;
  struct epoll_loop accept_loop; /* threads > 1: the calling thread's, listener and stop only */
  struct epoll_event accept_events[2];
  struct epoll_loop* loops;
  uint32_t next_loop;
  struct epoll_protocol protocol;
};

/* server_kind's functions (server: the epoll_server). Every loop gets the options' max_events
 * and spin, and for rr its stall. */
SERVER_CORE_DECLARE(epoll_server);

/* Accepts every pending connection; RB_OK or an error for the host. */
int epoll_server_accept_all(struct epoll_server* server, char* err, size_t err_len);

/* epoll data for the fds that are not connections. */
extern char epoll_listen_tag, epoll_stop_tag, epoll_wake_tag;

/* Runs `loop` until its stop (or wake) fd is readable or accepting fails, handing every
 * connection event to on_event. Always inlined, so that on_event, a constant in every caller,
 * is a direct call: this is the loop every event goes through. */
static inline __attribute__((always_inline)) int epoll_loop_run(
    struct epoll_loop* loop, void (*on_event)(struct epoll_loop*, struct epoll_conn*, uint32_t),
    char* err, size_t err_len) {
  for (;;) {
    const int n = epoll_wait(loop->epoll_fd, loop->events, loop->max_events,
                             rr_stall_timeout_ms(&loop->stall));
    ++loop->iterations;
    loop->stalls += (uint64_t)rr_stall_if_due(&loop->stall);
    if (n < 0) {
      if (errno == EINTR) continue;
      return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_wait: %s", strerror(errno));
    }
    for (int i = 0; i < n; ++i) {
      void* ptr = loop->events[i].data.ptr;
      if (ptr == &epoll_stop_tag || ptr == &epoll_wake_tag) return RB_OK;
      if (ptr == &epoll_listen_tag) {
        const int rc = epoll_server_accept_all(loop->server, err, err_len);
        if (rc != RB_OK) return rc;
        continue;
      }
      on_event(loop, ptr, loop->events[i].events);
    }
  }
}

/* Reads what the connection has into the loop's buffer: the byte count; 0 when nothing is
 * there yet; -1 at the end of the stream or on an error, when it should be closed. */
static inline ssize_t epoll_conn_read(struct epoll_loop* loop, struct epoll_conn* conn) {
  const ssize_t n = read(conn->fd, loop->buffer, kEpollReadBufferSize);
  if (n > 0) return n;
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return 0;
  return -1;
}

/* The loop's thread: unlinks, closes and frees the connection. */
void epoll_conn_close(struct epoll_loop* loop, struct epoll_conn* conn);

/* Registers the connection for `events` if it is not already (closing it if that fails). */
static inline void epoll_conn_watch(struct epoll_loop* loop, struct epoll_conn* conn,
                                    uint32_t events) {
  if (events == conn->interest) return;
  conn->interest = events;
  struct epoll_event ev = {.events = events, .data.ptr = conn};
  if (epoll_ctl(loop->epoll_fd, EPOLL_CTL_MOD, conn->fd, &ev) != 0) epoll_conn_close(loop, conn);
}

#endif
