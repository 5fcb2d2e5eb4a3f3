#include "workload/fd_pairs.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <system_error>

namespace rb::workload {

FdPairs::FdPairs(std::size_t count, std::string_view transport) {
  const bool use_pipe = transport == "pipe";
  read_fds_.reserve(count);
  write_fds_.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    int fds[2];
    const int rc = use_pipe
                       ? ::pipe2(fds, O_NONBLOCK | O_CLOEXEC)
                       : ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, fds);
    if (rc != 0) {
      const int err = errno;
      for (int fd : read_fds_) ::close(fd);
      for (int fd : write_fds_) ::close(fd);
      throw std::system_error(err, std::generic_category(),
                              std::string(use_pipe ? "pipe2" : "socketpair") + " failed after " +
                                  std::to_string(i) + " of " + std::to_string(count) + " pairs");
    }
    read_fds_.push_back(fds[0]);
    write_fds_.push_back(fds[1]);
  }
}

FdPairs::~FdPairs() {
  for (int fd : read_fds_) ::close(fd);
  for (int fd : write_fds_) ::close(fd);
}

}  // namespace rb::workload
