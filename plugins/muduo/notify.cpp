#include "notify.h"

#include <chrono>
#include <cstddef>
#include <exception>
#include <future>
#include <memory>
#include <stdexcept>
#include <system_error>

namespace rbmuduo {

namespace {

// The loop's poll timeout: how often an idle loop looks at the host's stop flag. Never
// reached while items flow.
constexpr std::chrono::milliseconds kStopCheckPeriod{250};

}  // namespace

// The loop thread reports here whether its EventLoop came up; shared, so neither side's
// exit can leave the other holding a dangling promise.
struct NotifyBench::Startup {
  std::promise<void> ready;
};

NotifyBench::NotifyBench(const rb_host* host, int consumerCpu, const PluginOptions& options)
    : hostStop_(host), mode_(options.post) {
  auto startup = std::make_shared<Startup>();
  std::future<void> started = startup->ready.get_future();
  const std::size_t eventsInitial = options.eventsInitial;
  thread_ = std::thread([this, eventsInitial, startup] { runLoop(eventsInitial, *startup); });
  try {
    started.get();
  } catch (...) {
    thread_.join();
    throw;
  }
  rbcommon::pinConsumer(thread_, consumerCpu, "the loop thread", [this] {
    loop_->quit();
    releaseLoopAndJoin();
  });
}

NotifyBench::~NotifyBench() {
  if (thread_.joinable()) {
    loop_->quit();
    releaseLoopAndJoin();
  }
}

void NotifyBench::runLoop(std::size_t eventsInitial, Startup& startup) {
  std::unique_ptr<EventLoop> loop;
  try {
    loop = std::make_unique<EventLoop>(eventsInitial);
    loop->setPollTimeout(kStopCheckPeriod);
    loop->setIdleCallback([this](PollStatus) { onIdle(); });
  } catch (...) {
    startup.ready.set_exception(std::current_exception());
    return;
  }
  loop_ = loop.get();
  startup.ready.set_value();
  try {
    loop->loop();
  } catch (const std::exception& e) {
    tally_.failure = std::string("loop thread: ") + e.what();
  }
  wakeupReads_ = loop->wakeupReads();
  polls_ = loop->pollCount();
  functorsRun_ = loop->functorsRun();
  std::unique_lock lock(ownerMutex_);
  ownerDoneCv_.wait(lock, [this] { return ownerDone_; });
}

void NotifyBench::releaseLoopAndJoin() {
  {
    std::lock_guard lock(ownerMutex_);
    ownerDone_ = true;
  }
  ownerDoneCv_.notify_all();
  thread_.join();
}

void NotifyBench::onIdle() {
  if (tally_.failure.empty() && hostStop_.requested()) {
    tally_.failure =
        "loop thread: the host asked to stop after " + std::to_string(tally_.count) + " items";
    loop_->quit();
  }
}

void NotifyBench::post(std::uint64_t value) {
  if (mode_ == PostMode::kQueueInLoop) {
    loop_->queueInLoop([this, value] { tally_.take(value); });
    return;
  }
  bool wasEmpty;
  {
    std::lock_guard lock(pendingMutex_);
    wasEmpty = pending_.empty();
    pending_.push_back(value);
  }
  // The drain queued by the post that found the vector empty takes this item too.
  if (wasEmpty) {
    loop_->queueInLoop([this] { drainCoalesced(); });
  }
}

void NotifyBench::drainCoalesced() {
  {
    std::lock_guard lock(pendingMutex_);
    drained_.swap(pending_);
  }
  if (drained_.empty()) return;
  tally_.takeBatch(drained_);
  drained_.clear();  // keeps its capacity for the next swap
}

rb_notify_result NotifyBench::finish() {
  rbcommon::requireRunning(thread_, "loop");
  // Queued after every post, so it runs after all of them.
  loop_->queueInLoop([this] {
    if (mode_ == PostMode::kCoalesced) drainCoalesced();
    loop_->quit();
  });
  releaseLoopAndJoin();
  return tally_.result();
}

void NotifyBench::reportCounters(const rb_counter_sink& sink) const {
  // Each eventfd read that found a count is one return from epoll_wait with work to do.
  sink.put(sink.ctx, "wakeups", wakeupReads_);
  sink.put(sink.ctx, "polls", polls_);
  sink.put(sink.ctx, "functors_run", functorsRun_);
  if (mode_ == PostMode::kCoalesced) {
    sink.put(sink.ctx, "batches", tally_.batches);
    sink.put(sink.ctx, "max_batch", tally_.maxBatch);
  }
}

}  // namespace rbmuduo
