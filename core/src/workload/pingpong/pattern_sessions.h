// A known pingpong client for checking a server plugin: blocking host sockets on
// 127.0.0.1 that send the pattern of reactorbench/pingpong_pattern.h and verify the echo.
// Every wait is bounded, so a server that stops echoing is a failure, not a hang.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

namespace rb::workload::pingpong {

class PatternSessions {
 public:
  // Connects `sessions` sessions. Throws workload::CellFailure.
  PatternSessions(std::uint16_t port, std::uint32_t sessions, std::uint32_t block_size,
                  std::chrono::milliseconds io_timeout);
  ~PatternSessions();
  PatternSessions(const PatternSessions&) = delete;
  PatternSessions& operator=(const PatternSessions&) = delete;

  // `rounds` times: one block out on every session, then that block back from each, checked
  // against the pattern. Throws workload::CellFailure on a short, late or wrong echo.
  void exchange(std::uint32_t rounds);
  // Shuts down the write side of every session and reads to the server's close, as a client
  // does at the end of a run; then closes the sockets.
  void finish();
  // Throws unless the server has closed every session (end of stream or a reset).
  void expect_closed_by_server();

  std::uint64_t sent() const { return sent_; }
  std::uint64_t received() const { return received_; }

 private:
  void close_all();

  std::vector<int> fds_;
  std::vector<unsigned char> block_;
  std::uint64_t sent_ = 0;
  std::uint64_t received_ = 0;
};

}  // namespace rb::workload::pingpong
