// What a C++ plugin's notify consumer counts of the items it takes, and how its owner ends it:
// the consumer thread writes the tally and its failure; finish reads them once it has joined
// that thread. The takes are inline: they run once per item.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>

#include "abi_tables.h"
#include "reactorbench/plugin.h"
#include "thread_pin.h"

namespace rbcommon {

struct NotifyTally {
  std::uint64_t count = 0;
  std::uint64_t sum = 0;
  std::uint64_t batches = 0;  // takes that were counted as a batch
  std::uint64_t maxBatch = 0;
  std::string failure;  // the consumer's, empty if none

  // One item, not counted as a batch.
  void take(std::uint64_t value) {
    count += 1;
    sum += value;
  }
  // One item as a batch of its own.
  void takeBatch(std::uint64_t value) {
    take(value);
    batches += 1;
    if (maxBatch < 1) maxBatch = 1;
  }
  // Everything taken at once.
  template <typename Items>
  void takeBatch(const Items& items) {
    std::uint64_t itemsSum = 0;
    for (const std::uint64_t value : items) itemsSum += value;
    count += items.size();
    sum += itemsSum;
    batches += 1;
    if (items.size() > maxBatch) maxBatch = items.size();
  }

  // finish()'s result, once the consumer has been joined; throws std::runtime_error with the
  // consumer's failure.
  rb_notify_result result() const {
    if (!failure.empty()) throw std::runtime_error(failure);
    return notifyResult(count, sum);
  }
};

// finish()'s first check: `consumer` (named `what` in the error) has not been joined yet.
inline void requireRunning(const std::thread& consumer, const char* what) {
  if (!consumer.joinable()) {
    throw std::invalid_argument(std::string("finish: no running ") + what + " (finish ran twice?)");
  }
}

// Pins `consumer` (named `what` in the error) to `cpu` (negative: leaves it where it is). If
// that fails, runs stop(), which must end and join the consumer, then throws
// std::system_error.
template <typename Stop>
void pinConsumer(std::thread& consumer, int cpu, const char* what, Stop stop) {
  if (const int error = rb_pin_thread(consumer.native_handle(), cpu); error != 0) {
    stop();
    throw std::system_error(error, std::generic_category(),
                            std::string("cannot pin ") + what + " to cpu " + std::to_string(cpu));
  }
}

}  // namespace rbcommon
