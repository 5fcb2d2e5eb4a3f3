#include "fd_ring.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace rb_test {
namespace {

// The largest rings need more than the common soft limit of 1024 fds.
void RaiseFdLimit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

}  // namespace

std::string TransportName(Transport transport) {
  return transport == Transport::kSocketpair ? "socketpair" : "pipe";
}

FdRing::FdRing(uint32_t pipes, Transport transport) {
  RaiseFdLimit();
  read_fds_.reserve(pipes);
  write_fds_.reserve(pipes);
  for (uint32_t i = 0; i < pipes; ++i) {
    int pair[2];
    const int rc = transport == Transport::kSocketpair
                       ? socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, pair)
                       : pipe2(pair, O_NONBLOCK | O_CLOEXEC);
    if (rc != 0) {
      const int error = errno;
      CloseAll();
      throw std::system_error(error, std::generic_category(), TransportName(transport));
    }
    read_fds_.push_back(pair[0]);
    write_fds_.push_back(pair[1]);
  }
}

FdRing::~FdRing() {
  CloseAll();
}

void FdRing::CloseAll() {
  for (int fd : read_fds_) close(fd);
  for (int fd : write_fds_) close(fd);
  read_fds_.clear();
  write_fds_.clear();
}

uint64_t FdRing::DrainLeftovers() const {
  uint64_t leftovers = 0;
  char buffer[64];
  for (int fd : read_fds_) {
    ssize_t n;
    while ((n = read(fd, buffer, sizeof buffer)) > 0) leftovers += static_cast<uint64_t>(n);
  }
  return leftovers;
}

}  // namespace rb_test
