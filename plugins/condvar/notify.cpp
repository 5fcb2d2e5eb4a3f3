#include "notify.h"

#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <system_error>

#include "abi_tables.h"
#include "thread_pin.h"

namespace rbcondvar {
namespace {

// How long an idle consumer waits before it looks at the host's stop flag; never reached
// while items flow.
constexpr std::chrono::milliseconds kStopCheckPeriod{250};

}  // namespace

CondvarQueue::CondvarQueue(const rb_host* host, int consumerCpu, const CondvarOptions& options)
    : options_(options) {
  if (host != nullptr &&
      host->struct_size >= offsetof(rb_host, stop_requested) + sizeof host->stop_requested) {
    stopRequested_ = host->stop_requested;
    hostCtx_ = host->ctx;
  }
  consumer_ = std::thread([this] { consume(); });
  if (const int error = rb_pin_thread(consumer_.native_handle(), consumerCpu); error != 0) {
    stopConsumer();
    throw std::system_error(error, std::generic_category(),
                            "cannot pin the consumer to cpu " + std::to_string(consumerCpu));
  }
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
  // After the unlock, as seed 004 does: the woken consumer does not then block on the mutex.
  if (options_.broadcast) {
    ready_.notify_all();
  } else {
    ready_.notify_one();
  }
}

rb_notify_result CondvarQueue::finish() {
  if (!consumer_.joinable()) {
    throw std::invalid_argument("finish: no running consumer (finish ran twice?)");
  }
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  ready_.notify_all();
  consumer_.join();
  if (!failure_.empty()) throw std::runtime_error(failure_);
  return rbcommon::notifyResult(count_, sum_);
}

void CondvarQueue::reportCounters(const rb_counter_sink& sink) const {
  sink.put(sink.ctx, "wakeups", wakeups_);
  sink.put(sink.ctx, "waits", waits_);
  sink.put(sink.ctx, "batches", batches_);
  sink.put(sink.ctx, "max_batch", maxBatch_);
}

bool CondvarQueue::hostWantsStop() const {
  return stopRequested_ != nullptr && stopRequested_(hostCtx_) != 0;
}

bool CondvarQueue::waitForWork(std::unique_lock<std::mutex>& lock) {
  bool slept = false;
  while (queue_.empty() && !closing_ && !abort_) {
    ++waits_;
    slept = true;
    if (ready_.wait_for(lock, kStopCheckPeriod) == std::cv_status::timeout && hostWantsStop()) {
      failure_ = "consumer: the host asked to stop after " + std::to_string(count_) + " items";
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
      ++batches_;
      ++count_;
      sum_ += value;
      maxBatch_ = maxBatch_ > 0 ? maxBatch_ : 1;
      continue;
    }
    batch.swap(queue_);
    lock.unlock();
    std::uint64_t sum = 0;
    for (const std::uint64_t value : batch) sum += value;
    ++batches_;
    count_ += batch.size();
    sum_ += sum;
    if (batch.size() > maxBatch_) maxBatch_ = batch.size();
    batch.clear();
  }
}

void CondvarQueue::consume() noexcept {
  try {
    consumeItems();
  } catch (const std::exception& e) {
    failure_ = std::string("consumer: ") + e.what();
  } catch (...) {
    failure_ = "consumer: unknown exception";
  }
}

}  // namespace rbcondvar
