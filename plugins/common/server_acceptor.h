#ifndef RB_PLUGIN_COMMON_SERVER_ACCEPTOR_H
#define RB_PLUGIN_COMMON_SERVER_ACCEPTOR_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How every C server takes connections off the host's listening socket, whatever loop
 * watches that socket: the loop calls server_acceptor_next while it returns sockets. */
struct server_acceptor {
  int listen_fd;
};

void server_acceptor_init(struct server_acceptor* acceptor, int listen_fd);

/* The next pending connection, non-blocking, close-on-exec and with TCP_NODELAY; or -1 with
 * errno EAGAIN once none is pending, or with the error that stops this server accepting.
 * Interrupted calls and connections aborted while queued are passed over. */
int server_acceptor_next(struct server_acceptor* acceptor);

#ifdef __cplusplus
}
#endif

#endif
