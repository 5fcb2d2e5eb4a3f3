// rb-delay-wire between two namespaces for a test: 10.78.0.1 in the first (the server's),
// 10.78.0.2 in the second, every packet held for the delay each way. Started by the
// constructor and waited for until it prints "ready"; stop() (or the destructor) sends
// SIGTERM and reaps it.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "../run_helpers.h"

namespace rbtest {

class DelayWireProcess {
 public:
  static constexpr const char* kServerAddress = "10.78.0.1";
  static constexpr const char* kClientAddress = "10.78.0.2";

  // Why no TUN device can be made here (/dev/net/tun will not open), or "".
  static std::string unavailable_reason();

  DelayWireProcess(const std::string& server_ns, const std::string& client_ns,
                   const std::string& delay_ms, const ScratchDir& dir);
  ~DelayWireProcess();
  DelayWireProcess(const DelayWireProcess&) = delete;
  DelayWireProcess& operator=(const DelayWireProcess&) = delete;

  // "" once it is ready; else why not (its exit and stderr).
  const std::string& error() const { return error_; }
  // SIGTERM, reaped: its exit code (128 + signal if a signal ended it).
  int stop();
  // Its counts after stop(), from --stats: packets forwarded from one namespace to the other.
  std::uint64_t packets(const std::string& from_ns) const;
  std::string stderr_text() const;

 private:
  std::filesystem::path out_, err_, stats_;
  pid_t pid_ = -1;
  std::string error_;
};

}  // namespace rbtest
