#ifndef LIBUV_PLUGIN_SERVER_LOOPS_H
#define LIBUV_PLUGIN_SERVER_LOOPS_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <uv.h>

#include "fd_queue.h"
#include "server_acceptor.h"

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

/* What a workload does with one loop's connections, always on that loop's thread. */
struct server_handler {
  /* Serves an accepted, non-blocking fd on `loop`. 0 once a handle owns the fd (even if
   * that handle is already closing again); a libuv error while the fd is still the caller's,
   * which then closes it. */
  int (*open_connection)(struct server_loop* loop, int fd);
  /* Starts closing every connection of `loop`; their close callbacks free them. Called at
   * stop and again at teardown, so a connection already closing is skipped. */
  void (*close_connections)(struct server_loop* loop);
};

struct server_loop {
  uv_loop_t uv;
  int uv_ready;
  struct server_group* group;
  void* data; /* the workload's state for this loop */

  /* threads > 1 only. */
  uv_async_t wake;
  int lock_ready;
  pthread_mutex_t lock;
  struct fd_queue incoming; /* guarded by lock */
  int stop;                 /* guarded by lock */
  struct fd_queue opening;  /* the loop thread's own */
  pthread_t thread;
};

struct server_group {
  const struct server_handler* handler;
  struct server_acceptor listener; /* on the host's socket, never closed here */
  uint32_t threads;
  struct server_loop* loops;
  uv_loop_t accept_uv; /* threads > 1: the calling thread's loop */
  int accept_uv_ready;
  uv_loop_t* acceptor; /* &accept_uv, or &loops[0].uv */
  uv_poll_t listen_poll;
  uv_poll_t stop_poll;
  uint32_t started_threads;
  uint32_t next_loop;
  uint64_t connections; /* accepted */
  int failed;
  char error[200];
};

/* RB_OK, or an RB_ERR_* code with the reason in err; server_group_destroy is safe either way.
 * The workload sets loops[i].data afterwards. */
int server_group_init(struct server_group* group, const struct server_handler* handler,
                      int listen_fd, int stop_fd, uint32_t threads, char* err, size_t err_len);

/* Accepts and serves until stop_fd is readable or accepting fails; returns once every
 * connection is closed and every worker thread has ended. */
int server_group_serve(struct server_group* group, char* err, size_t err_len);

/* Frees what init made, whether or not serve ran; the host's fds stay open. */
void server_group_destroy(struct server_group* group);

#endif
