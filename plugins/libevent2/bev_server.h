#ifndef LIBEVENT2_BEV_SERVER_H
#define LIBEVENT2_BEV_SERVER_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "options.h"
#include "server_acceptor.h"
#include "server_shell.h"

struct bufferevent;
struct event;
struct event_base;
struct bev_server_loop;

/* A connection: a protocol's own struct begins with this one. */
struct bev_conn {
  struct bufferevent* bev;
  struct bev_server_loop* loop;
  struct bev_conn* prev;
  struct bev_conn* next;
};

/* What a server protocol (pingpong echo, rr over bufferevents) plugs into the loops. */
struct bev_protocol {
  size_t conn_size; /* of the protocol's connection struct, at least sizeof(struct bev_conn) */
  /* Sets the new connection's callbacks (the protocol's struct is zeroed, then bev and loop are
   * set), in its loop's thread. */
  void (*start)(struct bev_conn* conn);
  /* Just before the connection's bufferevent is freed; may be NULL. */
  void (*closing)(struct bev_conn* conn);
};

/* One event_base; with threads > 1 in a thread of its own, fed accepted sockets through a
 * pipe (an fd each, -1 to stop). */
struct bev_server_loop {
  struct bev_server* owner;
  uint32_t index;
  struct event_base* base;
  struct bev_conn* conns;
  struct server_counts counts;        /* only this loop's thread writes them */
  const rb_http_responses* responses; /* rr's */
  int handoff[2];
  struct event* handoff_event;
  pthread_t thread;
};

/* The servers' threading: threads == 1 accepts and serves on one event_base in the thread that
 * calls serve; threads > 1 accepts there on a base of its own and hands every connection
 * round-robin to `threads` worker bases. stop_fd readable ends serve, after every connection
 * is closed. Sockets get TCP_NODELAY and a bufferevent that closes them when freed. */
struct bev_server {
  struct server_tally tally; /* first: server_tally_count reads it */
  int stop_fd;
  uint32_t threads;
  struct event_base* accept_base;
  struct event* accept_event; /* the listening socket is readable */
  struct event* stop_event;
  struct bev_server_loop* loops;
  uint32_t loop_count;
  uint32_t next_loop;
  struct bev_protocol protocol;
  int failed;
  char error[200];
};

/* server_kind's functions (server: the bev_server). serve accepts and serves until stop_fd is
 * readable (or accepting fails); every connection is closed when it returns. */
SERVER_CORE_DECLARE(bev_server);

/* Unlinks the connection, tells the protocol, frees its bufferevent (closing the socket) and
 * the connection. */
void bev_conn_close(struct bev_conn* conn);

#endif
