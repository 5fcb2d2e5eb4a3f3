/* accept4 */
#define _GNU_SOURCE

#include "server_acceptor.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stddef.h>
#include <sys/socket.h>
#include <unistd.h>

static int open_spare(void) {
  return open("/dev/null", O_RDONLY | O_CLOEXEC);
}

void server_acceptor_init(struct server_acceptor* acceptor, int listen_fd) {
  acceptor->listen_fd = listen_fd;
  acceptor->refused = 0;
  acceptor->spare_fd = open_spare();
}

int server_acceptor_refuse(struct server_acceptor* acceptor) {
  if (acceptor->spare_fd < 0) {
    acceptor->spare_fd = open_spare();
    if (acceptor->spare_fd < 0) {
      return -1;
    }
  }
  close(acceptor->spare_fd);
  const int fd = accept4(acceptor->listen_fd, NULL, NULL, SOCK_CLOEXEC);
  if (fd >= 0) {
    close(fd);
    acceptor->refused += 1;
  }
  acceptor->spare_fd = open_spare();
  return fd >= 0 ? 1 : 0;
}

int server_acceptor_next(struct server_acceptor* acceptor) {
  for (;;) {
    const int fd = accept4(acceptor->listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd >= 0) {
      const int one = 1;
      setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
      return fd;
    }
    if (errno == EMFILE || errno == ENFILE) {
      /* accept fails for want of a descriptor whether or not one is pending: only a refusal
       * says one was, and another may follow. */
      if (server_acceptor_refuse(acceptor) == 1) {
        continue;
      }
      errno = EAGAIN;
      return -1;
    }
    if (errno == EWOULDBLOCK) {
      errno = EAGAIN;
    }
    if (errno != EINTR && errno != ECONNABORTED) {
      return -1;
    }
  }
}

void server_acceptor_close(struct server_acceptor* acceptor) {
  if (acceptor->spare_fd >= 0) {
    close(acceptor->spare_fd);
    acceptor->spare_fd = -1;
  }
}
