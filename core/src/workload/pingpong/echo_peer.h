// A known pingpong server for checking a client plugin: a host thread on a 127.0.0.1
// listener that echoes every byte it reads, checks each session's stream against the
// pattern of reactorbench/pingpong_pattern.h, and closes a session once the client has shut
// down its side and every byte has gone back.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <thread>

#include "workload/loopback_listener.h"

namespace rb::workload::pingpong {

struct EchoTally {
  std::uint64_t connections = 0;
  std::uint64_t bytes_read = 0;
  std::uint64_t bytes_written = 0;
  std::uint64_t mismatches = 0;  // bytes read that differ from the pattern
  std::uint64_t resets = 0;      // sessions that ended in an error rather than a shutdown
};

class EchoPeer {
 public:
  // Once `trigger_after` bytes have been echoed in all, the echo thread calls on_trigger once:
  // the stop check asks the host to stop while the client is known to be mid-exchange.
  explicit EchoPeer(std::uint32_t block_size, std::uint64_t trigger_after = 0,
                    std::function<void()> on_trigger = {});
  ~EchoPeer();
  EchoPeer(const EchoPeer&) = delete;
  EchoPeer& operator=(const EchoPeer&) = delete;

  std::uint16_t port() const { return listener_.port(); }

  // Ends the thread and closes every fd it holds; the tally is final from then on.
  void stop();
  const EchoTally& tally() const { return tally_; }
  // Why the echo thread gave up (a failed poll or accept), if it did.
  const std::optional<std::string>& failure() const { return failure_; }

 private:
  void serve();

  LoopbackListener listener_;
  int stop_fd_ = -1;
  std::uint32_t block_size_;
  std::uint64_t trigger_after_;
  std::function<void()> on_trigger_;
  EchoTally tally_;
  std::optional<std::string> failure_;
  std::thread thread_;
};

}  // namespace rb::workload::pingpong
