// The [plugin_options.condvar-queue] keys, declared once: the descriptor carries
// kOptionDecls (ABI 1.3) and start parses what it receives from it.
#pragma once

#include <array>
#include <cstdint>

#include "declared_options.h"
#include "reactorbench/plugin.h"

namespace rbcondvar {

struct CondvarOptions {
  // notify = "broadcast" wakes every waiter (pthread_cond_broadcast, as the pipe-vs-condvar study);
  // "signal" wakes one. With one consumer they differ only in the call made.
  bool broadcast = false;
  // batch = true: the consumer takes everything queued under one lock (swaps the deque out,
  // as muduo's BlockingQueue::drain); false: one item per lock, as the pipe-vs-condvar study's
  // consumer.
  bool batch = false;
};

extern const std::array<rb_option_decl, 2> kOptionDecls;

// The settings kOptionDecls' values give.
CondvarOptions optionsFrom(const std::array<rb_option_value, 2>& values);

// What start receives: an unknown key or a malformed value is refused by name.
using DeclaredCondvarOptions = rbcommon::DeclaredOptions<kOptionDecls, &optionsFrom>;

}  // namespace rbcondvar
