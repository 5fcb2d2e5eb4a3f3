#ifndef LIBUV_PLUGIN_SERVER_LOOPS_H
#define LIBUV_PLUGIN_SERVER_LOOPS_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <uv.h>

#include "fd_handoff.h"
#include "held_input.h"
#include "output_high_water.h"
#include "server_acceptor.h"
#include "server_shell.h"

/* The accepting and stopping shared by the pingpong and rr servers: `threads` uv loops that
 * serve connections, one acceptor, and the host's stop_fd.
 *
 * Accepting: a uv_poll_t on the host's listening fd and accept4(2), not uv_tcp_open +
 * uv_listen. A uv_tcp_t owns its fd (uv_close closes it), so listening through libuv would
 * need a dup() of the host's socket, uv_listen would call listen(2) on the host's socket
 * again with a backlog of ours, and uv_accept can only hand a connection to a handle of the
 * listener's own loop, so every connection bound for another loop would cost a handle, a
 * dup() and a close() on the acceptor. Polling the host's fd takes nothing over (closing a
 * poll handle leaves the fd open), and each accepted fd becomes a uv_tcp_t (uv_tcp_open) on
 * the loop that serves it.
 *
 * threads == 1: one loop on the calling thread accepts and serves. threads > 1: the calling
 * thread's loop only accepts and deals connections round-robin, as the libevent2 and raw-epoll
 * servers do, to `threads` worker loops, each on its own thread: the fd goes into the
 * worker's mutex-guarded queue and uv_async_send wakes it (sends coalesce; the worker takes
 * the whole queue per wake-up). Each worker opening its own poll on the listening socket
 * instead would wake every loop per connection and leave the spread to whichever thread wins
 * accept(2), so a sweep over threads would not be comparable with the other plugins.
 *
 * Stopping: stop_fd readable (or accept failing) closes the listening and stop polls; each
 * serving loop then closes its connections and ends once their close callbacks have run. */
struct server_loop;

/* A served connection; a protocol's own struct begins with it. Its handle's data is the
 * connection. */
struct server_conn {
  uv_tcp_t tcp;
  struct server_loop* loop;
  int above_high_water;   /* reads no more until its output is out */
  struct held_input held; /* rr: read, unanswered meanwhile */
  struct server_conn* prev;
  struct server_conn* next;
};

/* What a server protocol (pingpong echo, rr) plugs into the loops. */
struct server_protocol {
  size_t conn_size; /* of the protocol's connection struct */
  uv_read_cb on_read;
  /* Readies a new connection's own part (may be NULL). */
  void (*init_conn)(struct server_conn* conn);
};

/* A uv_write request kept for reuse by its loop: a protocol that writes per message takes one
 * instead of calling malloc on the hot path. */
struct pooled_write {
  uv_write_t req; /* first: a completion callback gets &req */
  struct pooled_write* next_free;
};

struct server_loop {
  uv_loop_t uv;
  int uv_ready;
  struct server_group* group;

  /* Touched only by the loop's thread while it runs. */
  struct server_conn* conns;
  char* buffer; /* every read lands here; the read callback is done with it before the next */
  size_t buffer_size;
  struct pooled_write* free_writes;
  struct server_counts counts;
  const rb_http_responses* responses; /* rr's */

  /* threads > 1 only. */
  uv_async_t wake;
  struct fd_handoff handoff;
  pthread_t thread;
};

struct server_group {
  struct server_tally tally; /* first: server_tally_count reads it */
  struct server_protocol protocol;
  uint32_t threads;
  struct server_loop* loops;
  uv_loop_t accept_uv; /* threads > 1: the calling thread's loop */
  int accept_uv_ready;
  uv_loop_t* acceptor; /* &accept_uv, or &loops[0].uv */
  uv_poll_t listen_poll;
  uv_poll_t stop_poll;
  uint32_t started_threads;
  uint32_t next_loop;
  int failed;
  char error[200];
};

/* server_kind's functions (server: the server_group). Every loop reads the option read_size
 * bytes at most. serve accepts and serves until stop_fd is readable or accepting fails, and
 * returns once every connection is closed and every worker thread has ended; close frees what
 * open made, whether or not serve ran (the host's fds stay open). */
SERVER_CORE_DECLARE(server_group);

/* Starts closing the connection; its close callback frees it. */
void server_conn_close(struct server_conn* conn);

/* Above the high-water mark (output_high_water.h) of what waits in its writes, the
 * connection reads no more until server_conn_drained; 1 then. Inline: asked per message. */
static inline int server_conn_stop_if_above_high_water(struct server_conn* conn) {
  if (!rb_output_above_high_water(conn->tcp.write_queue_size)) return 0;
  conn->above_high_water = 1;
  uv_read_stop((uv_stream_t*)&conn->tcp);
  return 1;
}

/* Its writes are all out: if reading had stopped above the high-water mark it reads on (0), or
 * it closes (-1). 1 when reading had not stopped. */
int server_conn_drained(struct server_conn* conn);

/* Holds data[0..n) (which may be what is held) until the output has drained; 0, or -1 once
 * the connection is closing. */
int server_conn_hold(struct server_conn* conn, const char* data, size_t n);

/* A write request of the loop's pool, NULL when out of memory; given back once done. */
static inline struct pooled_write* server_loop_take_write(struct server_loop* loop) {
  struct pooled_write* write = loop->free_writes;
  if (write == NULL) return malloc(sizeof *write);
  loop->free_writes = write->next_free;
  return write;
}

static inline void server_loop_give_back_write(struct server_loop* loop,
                                               struct pooled_write* write) {
  write->next_free = loop->free_writes;
  loop->free_writes = write;
}

#endif
