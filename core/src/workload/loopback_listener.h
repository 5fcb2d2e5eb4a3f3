// The listening socket a two-process cell's server inherits: made by the parent on
// 127.0.0.1 with an ephemeral port, so the parent knows the port before either side starts
// and no two cells ever contend for one.
#pragma once

#include <cstdint>
#include <string>

namespace rb::workload {

class LoopbackListener {
 public:
  // Non-blocking, close-on-exec (the server's inherited copy is made explicitly), listening
  // with the kernel's largest backlog. Throws std::system_error naming the call.
  LoopbackListener() : LoopbackListener("127.0.0.1", 0) {}
  // Another numeric IPv4 address or a fixed port (`runner serve --listen`); a fixed port is
  // bound with SO_REUSEADDR so a restarted server gets it back at once.
  LoopbackListener(const std::string& ipv4, std::uint16_t port);
  ~LoopbackListener();
  LoopbackListener(const LoopbackListener&) = delete;
  LoopbackListener& operator=(const LoopbackListener&) = delete;

  int fd() const { return fd_; }
  std::uint16_t port() const { return port_; }
  // Once the server holds its copy, the parent lets go of its own: should the server die,
  // the port closes with it and the client sees refused connections rather than a silent
  // backlog.
  void close();

 private:
  int fd_ = -1;
  std::uint16_t port_ = 0;
};

}  // namespace rb::workload
