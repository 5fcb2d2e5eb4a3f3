#ifndef IO_URING_URING_SERVER_H
#define IO_URING_URING_SERVER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "held_input.h"
#include "server_shell.h"
#include "uring_loop.h"

/* What the pingpong and rr servers on io_uring share, around the loops of uring_loop.h. Every
 * loop has a ring of its own on its own thread and takes connections itself: each posts an
 * accept on the host's listener (multishot, or one per connection) and a poll on stop_fd, so
 * no thread hands sockets over. Out of descriptors, the common acceptor (server_acceptor.h)
 * takes and refuses as in the epoll servers, and the accept is posted again once a connection
 * is pending. A protocol (echo, HTTP) says what the data means. */

/* A connection of a server: the loop's part first, then the server's. */
struct served_conn {
  struct uring_conn io;
  struct held_input held; /* rr: read, unanswered while the output is above the high-water mark */
  struct served_conn* prev;
  struct served_conn* next;
};

struct uring_server;

struct server_loop {
  struct uring_loop io; /* first: the handlers get it and find the rest */
  struct uring_server* server;
  struct served_conn* conns;
  struct server_counts counts;
  uint64_t accepted;
  const rb_http_responses* responses;
  int failed;
  char error[200];
};

struct uring_protocol {
  int rr;           /* reads the rr server's options */
  size_t conn_size; /* of the protocol's connection struct, which begins with a served_conn */
  void (*init_conn)(struct served_conn* conn);
  /* Runs a loop until it stops: server_loop_run with the protocol's handlers. */
  int (*run)(struct server_loop* loop, char* err, size_t err_len);
};

struct uring_server {
  struct server_tally tally; /* first: server_tally_count reads it */
  int listen_fd;
  int stop_fd;
  uint32_t threads;
  struct uring_options options;
  struct server_loop* loops;
  struct uring_protocol protocol;
  pthread_mutex_t refuse_lock; /* the acceptor's spare fd, shared by the loops */
  atomic_int abandoned;        /* a loop thread could not start: the others give up */
};

SERVER_CORE_DECLARE(uring_server);

/* The server's loop of a loop the handlers get. */
static inline struct server_loop* server_loop_of(struct uring_loop* loop) {
  return (struct server_loop*)loop;
}

/* The servers' control handler: the listener's and stop_fd's completions; non-zero once the
 * loop should stop (-1 when accepting failed, the reason in the loop's error). */
int server_loop_control(struct uring_loop* loop, uint64_t tag, const struct io_uring_cqe* cqe);

/* The servers' end of a connection: closed, whatever the reason. */
void server_conn_ended(struct uring_loop* loop, struct uring_conn* conn, int eof);

/* Runs `loop` until stop_fd is readable or it fails, handing every completion to `handlers`
 * (control: server_loop_control; ended: server_conn_ended). Always inlined, so that the
 * handlers, constants in every caller, are direct calls: this is the loop every message goes
 * through. */
static inline __attribute__((always_inline)) int server_loop_run(
    struct server_loop* loop, const struct uring_handlers* handlers, char* err, size_t err_len) {
  for (;;) {
    int timed_out = 0;
    const int rc = uring_loop_wait(&loop->io, &timed_out, err, err_len);
    if (rc != RB_OK) return rc;
    if (timed_out && atomic_load(&loop->server->abandoned)) return RB_OK;
    if (uring_loop_reap(&loop->io, handlers))
      return loop->failed ? report_error(RB_ERR_SYSTEM, err, err_len, "%s", loop->error) : RB_OK;
  }
}

#endif
