#include "notify.h"

#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <system_error>

namespace rbcondvar {
namespace {

// How long an idle consumer waits before it looks at the host's stop flag; never reached
// while items flow.
constexpr std::chrono::milliseconds kStopCheckPeriod{250};

}  // namespace

CondvarQueue::CondvarQueue(const rb_host* host, int consumerCpu, const CondvarOptions& options)
    : hostStop_(host), options_(options) {
  consumer_ = std::thread([this] { consume(); });
  rbcommon::pinConsumer(consumer_, consumerCpu, "the consumer", [this] { stopConsumer(); });
}

CondvarQueue::~CondvarQueue() {
  stopConsumer();
}

void CondvarQueue::stopConsumer() {
  if (!consumer_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    abort_ = true;
  }
  ready_.notify_all();
  consumer_.join();
}

void CondvarQueue::post(std::uint64_t value) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(value);
  }
  // After the unlock, as the pipe-vs-condvar study's producer does: the woken consumer does not
  // then block on the mutex.
  if (options_.broadcast) {
    ready_.notify_all();
  } else {
    ready_.notify_one();
  }
}

rb_notify_result CondvarQueue::finish() {
  rbcommon::requireRunning(consumer_, "consumer");
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  ready_.notify_all();
  consumer_.join();
  return tally_.result();
}

void CondvarQueue::reportCounters(const rb_counter_sink& sink) const {
  sink.put(sink.ctx, "wakeups", wakeups_);
  sink.put(sink.ctx, "waits", waits_);
  sink.put(sink.ctx, "batches", tally_.batches);
  sink.put(sink.ctx, "max_batch", tally_.maxBatch);
}

bool CondvarQueue::waitForWork(std::unique_lock<std::mutex>& lock) {
  bool slept = false;
  while (queue_.empty() && !closing_ && !abort_) {
    ++waits_;
    slept = true;
    if (ready_.wait_for(lock, kStopCheckPeriod) == std::cv_status::timeout &&
        hostStop_.requested()) {
      tally_.failure =
          "consumer: the host asked to stop after " + std::to_string(tally_.count) + " items";
      return false;
    }
  }
  if (abort_ || queue_.empty()) return false;  // aborted, or closing with nothing left
  if (slept) ++wakeups_;
  return true;
}

void CondvarQueue::consumeItems() {
  std::deque<std::uint64_t> batch;
  for (;;) {
    std::unique_lock lock(mutex_);
    if (!waitForWork(lock)) return;
    if (!options_.batch) {
      const std::uint64_t value = queue_.front();
      queue_.pop_front();
      lock.unlock();
      tally_.takeBatch(value);
      continue;
    }
    batch.swap(queue_);
    lock.unlock();
    tally_.takeBatch(batch);
    batch.clear();
  }
}

void CondvarQueue::consume() noexcept {
  try {
    consumeItems();
  } catch (const std::exception& e) {
    tally_.failure = std::string("consumer: ") + e.what();
  } catch (...) {
    tally_.failure = "consumer: unknown exception";
  }
}

}  // namespace rbcondvar
