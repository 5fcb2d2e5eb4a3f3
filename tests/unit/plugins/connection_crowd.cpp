#include "connection_crowd.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <string>
#include <vector>

namespace rb_test {
namespace {

// What each connection sends: an rr server answers it, an echo server sends it back.
constexpr char kGet[] = "GET / HTTP/1.1\r\nHost: test\r\n\r\n";

// Exit codes of the child beyond 0.
enum ChildFailure { kConnectFailed = 2, kNoAnswer = 3, kReportFailed = 4 };

int Connect(uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const timeval timeout{10, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// The child's whole life; only system calls, then _exit, as after a fork of a threaded
// process.
[[noreturn]] void RunChild(uint16_t port, int connections, int report_fd,
                           const std::vector<int>& fillers) {
  // The parent may have filled its descriptor table; the crowd is not to feel it.
  for (const int fd : fillers) ::close(fd);
  std::vector<int> fds(static_cast<std::size_t>(connections), -1);
  for (int& fd : fds) {
    fd = Connect(port);
    if (fd < 0) ::_exit(kConnectFailed);
  }
  for (const int fd : fds)
    if (::send(fd, kGet, sizeof kGet - 1, MSG_NOSIGNAL) < 0 && errno != EPIPE &&
        errno != ECONNRESET)
      ::_exit(kConnectFailed);
  // Each connection is closed as soon as it is answered, as real clients would: a server that
  // could not refuse a connection (its spare descriptor taken by another of its threads)
  // then serves it once others have gone.
  std::vector<pollfd> waiting;
  for (const int fd : fds) waiting.push_back({fd, POLLIN, 0});
  CrowdOutcome outcome;
  while (!waiting.empty()) {
    if (::poll(waiting.data(), waiting.size(), 10000) <= 0) ::_exit(kNoAnswer);
    for (std::size_t i = 0; i < waiting.size();) {
      if (waiting[i].revents == 0) {
        ++i;
        continue;
      }
      char byte = 0;
      const ssize_t n = ::recv(waiting[i].fd, &byte, 1, MSG_DONTWAIT);
      if (n > 0)
        ++outcome.served;
      else if (n == 0 || errno == ECONNRESET)
        ++outcome.refused;
      else if (errno != EAGAIN)
        ::_exit(kNoAnswer);
      else {
        ++i;
        continue;
      }
      ::close(waiting[i].fd);
      waiting[i] = waiting.back();
      waiting.pop_back();
    }
  }
  if (::write(report_fd, &outcome, sizeof outcome) != static_cast<ssize_t>(sizeof outcome))
    ::_exit(kReportFailed);
  ::_exit(0);
}

CrowdOutcome RunCrowd(uint16_t port, int connections, const std::vector<int>& fillers) {
  int report[2];
  if (::pipe2(report, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(report[0]);
    ::close(report[1]);
    throw std::runtime_error("fork failed");
  }
  if (child == 0) RunChild(port, connections, report[1], fillers);
  ::close(report[1]);
  CrowdOutcome outcome;
  const ssize_t n = ::read(report[0], &outcome, sizeof outcome);
  ::close(report[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  if (n != static_cast<ssize_t>(sizeof outcome) || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error("the crowd of " + std::to_string(connections) +
                             " clients failed (child status " + std::to_string(status) +
                             "; 2: connect, 3: no answer within 10 s)");
  return outcome;
}

// Takes every free descriptor below the limit but `headroom` of them, and gives them back.
class DescriptorFill {
 public:
  explicit DescriptorFill(rlim_t headroom) {
    const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null_fd < 0) throw std::runtime_error("open /dev/null failed");
    fds_.push_back(null_fd);
    for (;;) {
      const int fd = ::fcntl(null_fd, F_DUPFD_CLOEXEC, 0);
      if (fd >= 0) {
        fds_.push_back(fd);
        continue;
      }
      if (errno == EMFILE) break;
      Release();
      throw std::runtime_error("filling the descriptor table failed");
    }
    for (rlim_t i = 0; i < headroom && !fds_.empty(); ++i) {
      ::close(fds_.back());
      fds_.pop_back();
    }
  }
  ~DescriptorFill() { Release(); }
  DescriptorFill(const DescriptorFill&) = delete;
  DescriptorFill& operator=(const DescriptorFill&) = delete;
  const std::vector<int>& fds() const { return fds_; }

 private:
  void Release() {
    for (const int fd : fds_) ::close(fd);
    fds_.clear();
  }
  std::vector<int> fds_;
};

}  // namespace

CrowdOutcome RunConnectionCrowd(uint16_t port, int connections) {
  return RunCrowd(port, connections, {});
}

// The table is filled rather than the limit lowered: io_uring takes the limit an accept SQE
// was prepared under (a multishot accept posted at start keeps the high one), so a lowered
// limit left io-uring's servers with descriptors to spare now and then; a full table is out
// of descriptors for every loop alike.
CrowdOutcome RunConnectionCrowdOutOfDescriptors(uint16_t port, int connections, rlim_t headroom) {
  const DescriptorFill fill(headroom);
  return RunCrowd(port, connections, fill.fds());
}

}  // namespace rb_test
