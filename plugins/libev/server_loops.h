#ifndef LIBEV_PLUGIN_SERVER_LOOPS_H
#define LIBEV_PLUGIN_SERVER_LOOPS_H

#include <ev.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "fd_queue.h"
#include "options.h"
#include "server_acceptor.h"

/* What a server protocol (pingpong echo, rr) plugs into the loops. */
struct server_protocol {
  void* ctx;
  /* Takes over a connected, non-blocking, TCP_NODELAY socket on loop `index`, in that loop's
   * thread; closes it itself if it cannot serve it. */
  void (*start_connection)(void* ctx, uint32_t index, struct ev_loop* loop, int fd);
  /* Closes every connection of loop `index`; called once every loop has stopped. */
  void (*close_connections)(void* ctx, uint32_t index, struct ev_loop* loop);
};

struct server_loops;

/* One ev_loop with its own thread (threads > 1); accepted sockets arrive through `incoming`
 * and an ev_async, which also carries the stop. */
struct server_worker {
  struct server_loops* owner;
  uint32_t index;
  struct ev_loop* loop;
  ev_async wake;
  pthread_mutex_t lock;
  struct fd_queue incoming; /* guarded by lock */
  int stopping;             /* guarded by lock */
  struct fd_queue taken;    /* the loop thread's own */
  pthread_t thread;
};

/* The servers' threading: threads == 1 accepts and serves on one loop in the thread that
 * calls serve; threads > 1 accepts there on a loop of its own and hands every connection
 * round-robin to `threads` worker loops. stop_fd readable ends serve, after every
 * connection is closed. */
struct server_loops {
  struct server_acceptor acceptor;
  int stop_fd;
  uint32_t count;
  struct server_worker* workers; /* threads > 1 only */
  struct ev_loop* accept_loop;   /* the only loop when threads == 1 */
  ev_io accept_watcher;
  ev_io stop_watcher;
  uint32_t next_worker;
  uint64_t connections;
  struct server_protocol protocol;
  int failed;
  char failure[200];
};

int server_loops_init(struct server_loops* loops, int listen_fd, int stop_fd, uint32_t threads,
                      const struct loop_options* options, const struct server_protocol* protocol,
                      char* err, size_t err_len);

/* The loop connections of loop `index` live on. */
struct ev_loop* server_loops_loop(const struct server_loops* loops, uint32_t index);

/* Accepts and serves until stop_fd is readable (or accepting fails), then stops every loop
 * and has the protocol close every connection. */
int server_loops_serve(struct server_loops* loops, char* err, size_t err_len);

/* Frees the loops; the protocol has closed its connections already. */
void server_loops_free(struct server_loops* loops);

#endif
