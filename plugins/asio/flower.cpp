#include "flower.h"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace rbasio {

namespace {

constexpr std::chrono::milliseconds kStopPoll{100};

std::vector<int> copyFds(const rb_flower_params& params, const int* fds, const char* what) {
  if (params.pipes == 0 || params.active == 0 || params.active > params.pipes) {
    throw std::invalid_argument("flower: need 0 < active <= pipes (pipes " +
                                std::to_string(params.pipes) + ", active " +
                                std::to_string(params.active) + ")");
  }
  if (fds == nullptr) {
    throw std::invalid_argument(std::string("flower: ") + what + " is NULL");
  }
  return std::vector<int>(fds, fds + params.pipes);
}

}  // namespace

Flower::Flower(const rb_host* host, const rb_flower_params& params)
    : hostStop_(host),
      readFds_(copyFds(params, params.read_fds, "read_fds")),
      writeFds_(copyFds(params, params.write_fds, "write_fds")),
      active_(params.active),
      writesPerIteration_(params.writes),
      stopPoll_(context_) {
  descriptors_.reserve(readFds_.size());
  for (std::size_t i = 0; i < readFds_.size(); ++i) {
    descriptors_.emplace_back(context_);
  }
}

// A stream_descriptor closes its fd on destruction; these are the host's.
Flower::~Flower() {
  for (auto& descriptor : descriptors_) {
    if (descriptor.is_open()) descriptor.release();
  }
}

void Flower::arm() {
  for (auto& descriptor : descriptors_) {
    if (descriptor.is_open()) descriptor.release();
  }
  // Runs the cancelled waits of the last iteration (and its cancelled stop poll) now, so no
  // old watcher outlives its registration and none of it is charged to the dispatch.
  context_.restart();
  context_.poll();
  count_ = 0;
  fired_ = active_;
  budget_ = writesPerIteration_;
  writes_ = 0;
  emptyWakeups_ = 0;
  failures_ = 0;
  firstFailure_.clear();
  handlers_ = 0;
  for (std::size_t i = 0; i < descriptors_.size(); ++i) {
    descriptors_[i].assign(readFds_[i]);
    watch(i);
  }
  // A watcher that starts by posting itself (a coroutine's first step) reaches its
  // async_wait here, still in the setup.
  context_.restart();
  context_.poll();
}

void Flower::dispatch() {
  handlers_ = 0;
  if (count_ < fired_ && failures_ == 0) {
    context_.restart();
    watchForHostStop();
    handlers_ = context_.run();
    stopPoll_.cancel();
  }
  if (failures_ > 0) {
    throw std::runtime_error("flower: " + std::to_string(failures_) +
                             " failure(s) in this iteration, the first: " + firstFailure_);
  }
}

void Flower::watchForHostStop() {
  stopPoll_.expires_after(kStopPoll);
  stopPoll_.async_wait([this](const boost::system::error_code& ec) {
    if (ec) return;
    if (hostStop_.requested()) {
      fail("stopped by the host after " + std::to_string(count_) + " of " + std::to_string(fired_) +
           " reads");
      context_.stop();
      return;
    }
    watchForHostStop();
  });
}

bool Flower::onReadable(std::size_t index) {
  char byte = 0;
  const ssize_t n = ::read(readFds_[index], &byte, 1);
  if (n != 1) {
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
      ++emptyWakeups_;  // the wait is simply armed again
      return true;
    }
    fail(n == 0 ? "pipe " + std::to_string(index) + " was closed by its writer"
                : "read from pipe " + std::to_string(index) + ": " + std::strerror(errno));
    context_.stop();
    return false;
  }
  ++count_;
  if (budget_ > 0) {
    const std::size_t next = index + 1 == writeFds_.size() ? 0 : index + 1;
    if (::write(writeFds_[next], "a", 1) == 1) {
      --budget_;
      ++writes_;
      ++fired_;
    } else {
      fail("write to pipe " + std::to_string(next) + ": " + std::strerror(errno));
      context_.stop();
      return true;
    }
  }
  if (count_ == fired_) context_.stop();
  return true;
}

void Flower::fail(std::string message) {
  if (failures_++ == 0) firstFailure_ = std::move(message);
}

void Flower::reportCounters(const rb_counter_sink& sink) const {
  sink.put(sink.ctx, "reads", count_);
  sink.put(sink.ctx, "writes", writes_);
  // The arm policy (docs/plugin-abi.md): every arm assigns every descriptor and waits again.
  sink.put(sink.ctx, "arm_reregisters", 1);
  sink.put(sink.ctx, "failures", failures_);
  sink.put(sink.ctx, "empty_wakeups", emptyWakeups_);
  sink.put(sink.ctx, "handlers", handlers_);
}

}  // namespace rbasio
