// The [plugin_options.condvar-queue] keys.
#pragma once

#include <cstdint>

#include "reactorbench/plugin.h"

namespace rbcondvar {

struct CondvarOptions {
  // notify = "broadcast" wakes every waiter (pthread_cond_broadcast, as seed 004); "signal"
  // wakes one. With one consumer they differ only in the call made.
  bool broadcast = false;
  // batch = true: the consumer takes everything queued under one lock (swaps the deque out,
  // as muduo's BlockingQueue::drain); false: one item per lock, as seed 004's consumer.
  bool batch = false;
};

// Throws std::invalid_argument naming the key for an unknown key or a malformed value.
CondvarOptions parseCondvarOptions(const rb_option* options, std::uint32_t count);

}  // namespace rbcondvar
