#ifndef LIBEV_PLUGIN_SERVER_LOOPS_H
#define LIBEV_PLUGIN_SERVER_LOOPS_H

#include <errno.h>
#include <ev.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include "conn_io.h"
#include "fd_handoff.h"
#include "held_input.h"
#include "options.h"
#include "output_high_water.h"
#include "server_acceptor.h"
#include "server_shell.h"

enum { kServerReadBufferSize = 64 * 1024 };

struct serving_loop;

/* A served connection; a protocol's own struct begins with it. */
struct server_conn {
  struct conn_io io;
  struct serving_loop* loop;
  int closing;            /* reads no more; closes once its output is out */
  struct held_input held; /* rr: read, unanswered while the output is above the high-water mark */
  struct server_conn* prev;
  struct server_conn* next;
};

/* One loop's connections, read buffer and counts, touched only by that loop's thread while it
 * runs. */
struct serving_loop {
  struct ev_loop* ev;
  struct server_conn* conns;
  char* buffer; /* every read lands here */
  struct server_counts counts;
  const rb_http_responses* responses; /* rr's */
  const struct server_protocol* protocol;
};

/* What a server protocol (pingpong echo, rr) plugs into the loops. */
struct server_protocol {
  size_t conn_size; /* of the protocol's connection struct */
  conn_io_cb on_readable;
  /* Readies a new connection's own part (may be NULL). */
  void (*init_conn)(struct server_conn* conn);
  /* Once the output has drained after reading stopped above the high-water mark, and reading
   * has started again: serves what the connection held (may be NULL). */
  void (*drained)(struct server_conn* conn);
};

struct server_loops;

/* One ev_loop with its own thread (threads > 1); accepted sockets arrive through `incoming`
 * and an ev_async, which also carries the stop. */
struct server_worker {
  struct server_loops* owner;
  uint32_t index;
  struct ev_loop* loop;
  ev_async wake;
  struct fd_handoff handoff;
  pthread_t thread;
};

/* The servers' threading: threads == 1 accepts and serves on one loop in the thread that
 * calls serve; threads > 1 accepts there on a loop of its own and hands every connection
 * round-robin to `threads` worker loops. stop_fd readable ends serve, after every
 * connection is closed. */
struct server_loops {
  struct server_tally tally; /* first: server_tally_count reads it */
  int stop_fd;
  uint32_t count;
  struct server_worker* workers; /* threads > 1 only */
  struct ev_loop* accept_loop;   /* the only loop when threads == 1 */
  ev_io accept_watcher;
  ev_io stop_watcher;
  uint32_t next_worker;
  struct server_protocol protocol;
  struct serving_loop* serving; /* one per loop */
  int failed;
  char failure[200];
};

/* server_kind's functions (server: the server_loops). serve accepts and serves until stop_fd is
 * readable (or accepting fails), then stops every loop and closes every connection; close
 * closes every connection left and frees the loops. */
SERVER_CORE_DECLARE(server_loops);

/* Stops both watchers, unlinks, closes and frees the connection. */
void server_conn_close(struct server_conn* conn);

/* The connection reads no more, and closes once nothing waits to be sent (at once if nothing
 * does). */
void server_conn_close_when_flushed(struct server_conn* conn);

/* Reads into the loop's buffer: the byte count, or 0 when there is nothing to serve: nothing
 * there yet, the end of the stream (the connection closes once its output is out) or an error
 * (it is closed). */
static inline ssize_t server_conn_read(struct server_conn* conn) {
  const ssize_t n = read(conn->io.fd, conn->loop->buffer, kServerReadBufferSize);
  if (n > 0) return n;
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return 0;
  if (n == 0)
    server_conn_close_when_flushed(conn);
  else
    server_conn_close(conn);
  return 0;
}

/* Sends data[0..n), which need not outlive the call, keeping what the socket does not take;
 * above the high-water mark (output_high_water.h) the connection reads no more until the
 * writer has sent it. 0, or -1 once the connection is closed. */
static inline int server_conn_send(struct server_conn* conn, const void* data, size_t n) {
  if (conn_io_send(conn->loop->ev, &conn->io, data, n, &conn->loop->counts.bytes_written) != 0) {
    server_conn_close(conn);
    return -1;
  }
  if (rb_output_above_high_water(conn->io.out.length))
    conn_io_stop_reading(conn->loop->ev, &conn->io);
  return 0;
}

static inline int server_conn_reading(const struct server_conn* conn) {
  return ev_is_active(&conn->io.reader);
}

/* Holds data[0..n) (which may be what is held) until the output has drained; 0, or -1 once
 * the connection is closed. */
static inline int server_conn_hold(struct server_conn* conn, const char* data, size_t n) {
  if (held_input_keep(&conn->held, data, n) == 0) return 0;
  server_conn_close(conn);
  return -1;
}

#endif
