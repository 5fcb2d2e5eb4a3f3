#ifndef RB_PLUGIN_COMMON_SERVER_ACCEPTOR_H
#define RB_PLUGIN_COMMON_SERVER_ACCEPTOR_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How every C server takes connections off the host's listening socket, whatever loop
 * watches that socket: the loop calls server_acceptor_next while it returns sockets.
 *
 * Out of file descriptors (EMFILE, ENFILE) a server keeps serving: a pending connection it
 * cannot take would keep the listening socket readable, so every poll would return at once
 * and nothing else would be served; it is refused instead (muduo's trick): the spare
 * descriptor held for that is closed, the connection accepted on it and closed at once, and
 * the spare reopened. The client sees its connection closed; `refused` counts them. */
struct server_acceptor {
  int listen_fd;
  int spare_fd; /* /dev/null, held to be given up for a refusal; -1 while it cannot be had */
  uint64_t refused;
};

/* Opens the spare descriptor (or tries again at the first refusal). */
void server_acceptor_init(struct server_acceptor* acceptor, int listen_fd);

/* The next pending connection, non-blocking, close-on-exec and with TCP_NODELAY; or -1 with
 * errno EAGAIN once none is pending (or none can be taken now: out of descriptors with no
 * spare to give up), or with the error that stops this server accepting. Interrupted calls,
 * connections aborted while queued and refused ones are passed over. */
int server_acceptor_next(struct server_acceptor* acceptor);

/* For a library that accepts by itself (evhttp, asio) and reports EMFILE or ENFILE: refuses
 * one pending connection as above. 1 once one was refused, 0 when none was pending (accept
 * fails for want of a descriptor either way), -1 when no spare descriptor could be given up. */
int server_acceptor_refuse(struct server_acceptor* acceptor);

/* Closes the spare descriptor; the listening socket is the host's. */
void server_acceptor_close(struct server_acceptor* acceptor);

#ifdef __cplusplus
}
#endif

#endif
