// The pingpong client on the muduo-style reactor, as muduo's examples/pingpong/client.cc:
// sessions spread round-robin over an EventLoopThreadPool (threads > 1; with one thread
// every session stays in the base loop), runAfter(duration) stops every session (shutdown
// of the write side), and the base loop quits once every session has ended.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "options.h"
#include "pingpong_session.h"
#include "reactor/channel.h"
#include "reactor/event_loop.h"
#include "reactor/event_loop_thread_pool.h"
#include "reactorbench/plugin.h"

namespace rbmuduo {

class PingpongClient {
 public:
  // Creates the base loop in the calling thread; run and the destructor must run there.
  // Throws std::invalid_argument for a host that is not a numeric IPv4 address.
  PingpongClient(const rb_pingpong_client_params& params, const PluginOptions& options);
  ~PingpongClient();
  PingpongClient(const PingpongClient&) = delete;
  PingpongClient& operator=(const PingpongClient&) = delete;

  // Connects every session and returns once all have ended; throws std::runtime_error if
  // stop_fd became readable first.
  void run();
  void reportCounters(const rb_counter_sink& sink) const;

 private:
  void onSessionEnd();
  void onHostStop();

  const rb_pingpong_client_params params_;
  const InetAddress server_;
  const std::string block_;
  EventLoop loop_;
  // Declared before the pool so that they outlive its threads: a stop queued in an io loop
  // just before the last session ended still finds its session.
  std::vector<std::unique_ptr<PingpongSession>> sessions_;
  EventLoopThreadPool pool_;
  Channel stopChannel_;
  std::atomic<std::uint32_t> open_{0};
  bool stoppedByHost_ = false;
};

}  // namespace rbmuduo
