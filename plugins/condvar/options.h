// The [plugin_options.condvar-queue] keys, declared once: the descriptor carries
// kOptionDecls (ABI 1.3) and start parses what it receives from it.
#pragma once

#include <array>
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

extern const std::array<rb_option_decl, 2> kOptionDecls;

// Throws std::invalid_argument naming the key for an unknown key or a malformed value.
CondvarOptions parseCondvarOptions(const rb_option* options, std::uint32_t count);

}  // namespace rbcondvar
