#include "scripted_http_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <map>
#include <stdexcept>
#include <vector>

namespace rb_test {
namespace {

std::string answer(Script script) {
  switch (script) {
    case Script::wrong_body:
      return "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nno";
    case Script::close_each:
      return "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok";
    case Script::status_503:
      return "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n";
    default:
      return "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
  }
}

}  // namespace

ScriptedHttpServer::ScriptedHttpServer(Script script) : script_(script) {
  listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (listen_fd_ < 0 || ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&address), length) != 0 ||
      ::listen(listen_fd_, 1024) != 0 ||
      ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0)
    throw std::runtime_error("scripted server: cannot listen on 127.0.0.1");
  port_ = ntohs(address.sin_port);
  stop_fd_ = ::eventfd(0, EFD_CLOEXEC);
  thread_ = std::thread([this] { serve(); });
}

ScriptedHttpServer::~ScriptedHttpServer() {
  const std::uint64_t one = 1;
  (void)!::write(stop_fd_, &one, sizeof one);
  thread_.join();
  ::close(stop_fd_);
  ::close(listen_fd_);
}

void ScriptedHttpServer::serve() {
  std::map<int, std::string> pending;  // fd -> bytes of a request not yet complete
  std::map<int, int> answered;
  const std::string reply = answer(script_);
  for (;;) {
    std::vector<pollfd> fds{{stop_fd_, POLLIN, 0}, {listen_fd_, POLLIN, 0}};
    for (const auto& [fd, bytes] : pending) fds.push_back({fd, POLLIN, 0});
    if (::poll(fds.data(), fds.size(), -1) < 0) continue;
    if (fds[0].revents) break;
    if (fds[1].revents) {
      const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
      if (fd >= 0) {
        pending[fd];
        ++connections_;
      }
    }
    for (std::size_t i = 2; i < fds.size(); ++i) {
      if (!fds[i].revents) continue;
      const int fd = fds[i].fd;
      char buffer[4096];
      const ssize_t n = ::read(fd, buffer, sizeof buffer);
      if (n <= 0) {
        ::close(fd);
        pending.erase(fd);
        continue;
      }
      std::string& bytes = pending[fd];
      bytes.append(buffer, static_cast<std::size_t>(n));
      for (std::size_t end; (end = bytes.find("\r\n\r\n")) != std::string::npos;) {
        bytes.erase(0, end + 4);
        ++requests_;
        if (script_ == Script::silent) continue;
        (void)!::write(fd, reply.data(), reply.size());
        if ((script_ == Script::close_after_1 && ++answered[fd] == 1) ||
            script_ == Script::close_each) {
          ::close(fd);
          pending.erase(fd);
          break;
        }
      }
    }
  }
  for (const auto& [fd, bytes] : pending) ::close(fd);
}

}  // namespace rb_test
