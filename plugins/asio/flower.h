// The flower workload (plugin.h, libevent's test/bench.c hot potato) on one io_context, the
// same in both plugins but for how a watcher waits (Flower::watch). A watcher is a
// posix::stream_descriptor on the host's read fd with an async_wait(wait_read) that is
// re-armed after every one-byte read.
//
// What that costs in asio, whatever the style: asio registers a descriptor edge-triggered
// (EPOLL_CTL_ADD at assign) and re-arms it for a wait with EPOLL_CTL_MOD, so every re-arm
// is one epoll_ctl. arm releases every descriptor (EPOLL_CTL_DEL, its wait cancelled) and
// assigns it again (EPOLL_CTL_ADD), as bench.c's event_del + event_add per iteration.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/steady_timer.hpp>

#include "host_stop.h"
#include "reactorbench/plugin.h"

namespace rbasio {

class Flower {
 public:
  // Throws std::invalid_argument for bad params.
  Flower(const rb_host* host, const rb_flower_params& params);
  // Releases (never closes) every host fd.
  virtual ~Flower();
  Flower(const Flower&) = delete;
  Flower& operator=(const Flower&) = delete;

  void arm();
  // Runs the io_context until every byte fired has been read; throws std::runtime_error on
  // a failed read or write, or when the host asks to stop first.
  void dispatch();
  void reportCounters(const rb_counter_sink& sink) const;

 protected:
  // Starts watcher `index`: wait for descriptor(index) to be readable, call onReadable,
  // wait again while it returns true; end quietly when the wait is cancelled.
  virtual void watch(std::size_t index) = 0;

  boost::asio::io_context& context() { return context_; }
  boost::asio::posix::stream_descriptor& descriptor(std::size_t index) {
    return descriptors_[index];
  }
  // The read callback's game: read one byte from pipe `index`, pass one on while the
  // iteration's write budget lasts, stop the context once count == fired. False once this
  // iteration has failed on this pipe (end of file, an error): stop watching it.
  bool onReadable(std::size_t index);

 private:
  void watchForHostStop();
  void fail(std::string message);

  const rbcommon::HostStop hostStop_;
  const std::vector<int> readFds_;
  const std::vector<int> writeFds_;
  const std::uint64_t active_;
  const std::uint64_t writesPerIteration_;
  // Constructed first, destroyed last: every I/O object below belongs to it.
  boost::asio::io_context context_{1};
  std::vector<boost::asio::posix::stream_descriptor> descriptors_;
  // A dispatch polls the host's stop_requested every kStopPoll on this timer: io_context::run
  // has no timeout of its own, and the host's SIGTERM only interrupts epoll_wait, which
  // asio then resumes.
  boost::asio::steady_timer stopPoll_;

  // One iteration's state, reset by arm.
  std::uint64_t count_ = 0;   // bytes read
  std::uint64_t fired_ = 0;   // bytes sent into the ring
  std::uint64_t budget_ = 0;  // passes left
  std::uint64_t writes_ = 0;  // passes made
  std::uint64_t emptyWakeups_ = 0;
  std::uint64_t failures_ = 0;
  std::string firstFailure_;
  std::uint64_t handlers_ = 0;  // handlers the last dispatch ran
};

}  // namespace rbasio
