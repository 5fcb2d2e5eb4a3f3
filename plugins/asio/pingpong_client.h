// The pingpong client both plugins share (plugin.h, workload pingpong): `threads`
// io_contexts (io_pool.h), sessions dealt round-robin over them, a deadline timer per
// context, stop_fd, the counters. A style adds only its session, written over ClientStream:
// connect, send the first block, then read / echo back until the deadline; past it, shut
// the write side down (once nothing is being written) and read on until the server closes.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include <boost/asio/buffer.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include "io_pool.h"
#include "open_sockets.h"
#include "options.h"
#include "pingpong_client_counts.h"
#include "reactorbench/plugin.h"
#include "stop_watch.h"

namespace rbasio {

enum class SessionEnd { kCompleted, kConnectFailed, kReset };

// What one io_context's sessions share; touched only in that context's thread.
struct alignas(64) ClientLoop {
  explicit ClientLoop(boost::asio::io_context& context) : deadline(context) {}
  // What the C plugins' client loops count, and the first byte found off the pattern.
  pingpong_client_counts counts{};
  pingpong_mismatch firstMismatch{};
  OpenSockets open;
  boost::asio::steady_timer deadline;
  bool pastDeadline = false;
};

// One session's read buffer, pattern check and write-side state, the same in both styles.
class ClientStream {
 public:
  ClientStream(ClientLoop& loop, std::uint32_t index, std::uint32_t blockSize,
               std::uint32_t verifyStride, std::size_t readBuffer);

  boost::asio::mutable_buffer forRead() { return {buffer_.get(), bufferSize_}; }
  // Counts and checks the n bytes just read; returns them, to be echoed unless shut().
  boost::asio::const_buffer received(std::size_t n);

  // The deadline has passed and the write side is still open: shut it now, as nothing is
  // being written. Returns false if shutdown failed (the session then ends as a reset).
  bool shutIfDue(boost::asio::ip::tcp::socket& socket);
  bool shut() const { return shut_; }
  // How a read or write error ends the session: the server's orderly close after our
  // shutdown completes it; anything else is a reset.
  SessionEnd endAfter(const boost::system::error_code& ec) const;

 private:
  ClientLoop& loop_;
  const std::uint32_t index_;
  const std::uint32_t blockSize_;
  const bool verify_;
  const std::size_t bufferSize_;
  std::unique_ptr<unsigned char[]> buffer_;
  std::uint64_t offset_ = 0;  // stream bytes received so far
  bool shut_ = false;
};

class PingpongClient {
 public:
  // Throws std::invalid_argument (zero sizes, a host that is not a numeric IPv4 address) or
  // std::system_error.
  PingpongClient(const rb_pingpong_client_params& params, const PluginOptions& options);
  virtual ~PingpongClient();
  PingpongClient(const PingpongClient&) = delete;
  PingpongClient& operator=(const PingpongClient&) = delete;

  // Runs every session to its end and returns once all threads have joined; throws
  // std::runtime_error if stop_fd became readable first.
  void run();
  void reportCounters(const rb_counter_sink& sink) const;

  // For the styles' sessions.
  const boost::asio::ip::tcp::endpoint& server() const { return server_; }
  boost::asio::const_buffer firstBlock() const { return boost::asio::buffer(block_); }
  ClientLoop& loop(std::size_t index) { return *loops_[index]; }
  IoPool& pool() { return pool_; }
  ClientStream makeStream(std::size_t loopIndex, std::uint32_t index);
  // Once per session, in its context's thread, when it is over for good.
  void sessionEnded(std::size_t loopIndex, SessionEnd end);

 protected:
  // Creates session `index` on context `loopIndex` and has it start there (called before
  // the contexts run).
  virtual void launchSession(std::size_t loopIndex, std::uint32_t index) = 0;

 private:
  void onHostStop();
  void allSessionsEnded();

  const rb_pingpong_client_params params_;
  const boost::asio::ip::tcp::endpoint server_;
  const std::vector<unsigned char> block_;
  const std::size_t readBuffer_;
  IoPool pool_;
  // After the pool: destroyed first, while the contexts still exist.
  std::vector<std::unique_ptr<ClientLoop>> loops_;
  StopWatch stopWatch_;
  std::atomic<std::uint32_t> open_{0};
  bool ran_ = false;
  bool stoppedByHost_ = false;        // context 0 only until run returns
  std::uint32_t openAtHostStop_ = 0;  // context 0 only until run returns
};

}  // namespace rbasio
