#ifndef PLUGIN_SERVER_LOOP_H
#define PLUGIN_SERVER_LOOP_H

/* The servers' loop: accepts on the host's listening socket, watches every connection and the
 * host's stop_fd, and hands a ready connection to its protocol (echo for pingpong, HTTP for
 * rr). The kit's server shell (server_shell.h) is the ABI side: params, options, counters,
 * release. Replace epoll with your library; keep the rules:
 *   - Keep reading while output waits, up to the high-water mark (output_high_water.h): a
 *     server that stops reading whenever output waits deadlocks with a peer that does the
 *     same once a block is larger than the two socket buffers.
 *   - stop_fd is the host's: watch it, never read, drain or close it (every loop of a server
 *     with several threads must see it readable); on it, close every connection and return.
 *   - threads: this stand-in serves every connection on one loop whatever `threads` asks.
 *     Run `threads` loops for a real library (the kit's loop_threads.h and fd_handoff.h);
 *     refusing threads > 1 fails `runner validate`, which asks for 1 to 3. */

#include <reactorbench/http_request.h>
#include <reactorbench/kit/held_input.h>
#include <reactorbench/kit/out_buffer.h>
#include <reactorbench/kit/server_shell.h>
#include <stdint.h>
#include <sys/types.h>

struct loop_conn {
  int fd;
  uint32_t watching; /* the epoll events asked for */
  int closing;       /* rr: answered a request that ends the connection */
  struct out_buffer out;
  struct held_input held; /* rr: read, not answered yet (output above the high-water mark) */
  rb_http_parser parser;  /* rr */
  struct loop_conn* prev;
  struct loop_conn* next;
};

struct server_loop;

/* What the loop serves: what to do with a connection epoll reports ready. */
struct loop_protocol {
  void (*on_ready)(struct server_loop* loop, struct loop_conn* conn, uint32_t events);
};

struct server_loop {
  struct server_tally tally; /* first: what the shell counts (acceptor, connections) */
  const struct loop_protocol* protocol;
  const rb_http_responses* responses; /* rr */
  int epoll_fd;
  int stop_fd; /* the host's */
  int timeout_ms;
  struct server_counts counts;
  uint64_t iterations;
  struct loop_conn* conns;
  char buffer[64 * 1024];
};

SERVER_CORE_DECLARE(server_loop);

/* What a read of conn brought into loop->buffer: bytes (> 0), 0 when nothing was there, -1
 * once the peer has closed or failed (close the connection then). */
ssize_t loop_conn_read(struct server_loop* loop, struct loop_conn* conn);
/* Asks epoll for `events` on conn; closes it when that fails. */
void loop_conn_watch(struct server_loop* loop, struct loop_conn* conn, uint32_t events);
void loop_conn_close(struct server_loop* loop, struct loop_conn* conn);

/* A put_more for the shell: the loop's turns, "loop_iterations". */
void server_loop_put_iterations(const void* server, const struct server_totals* totals,
                                const rb_counter_sink* sink);

#endif
