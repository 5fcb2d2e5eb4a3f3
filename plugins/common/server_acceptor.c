/* accept4 */
#define _GNU_SOURCE

#include "server_acceptor.h"

#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stddef.h>
#include <sys/socket.h>

void server_acceptor_init(struct server_acceptor* acceptor, int listen_fd) {
  acceptor->listen_fd = listen_fd;
}

int server_acceptor_next(struct server_acceptor* acceptor) {
  for (;;) {
    const int fd = accept4(acceptor->listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd >= 0) {
      const int one = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      return fd;
    }
    if (errno == EWOULDBLOCK) {
      errno = EAGAIN;
    }
    if (errno != EINTR && errno != ECONNABORTED) {
      return -1;
    }
  }
}
