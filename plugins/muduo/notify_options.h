// The [plugin_options.muduo] / [plugin_options.epoll-add-always] keys for the notify workload.
#pragma once

#include <cstddef>
#include <cstdint>

#include "reactorbench/plugin.h"

namespace rbmuduo {

enum class PostMode {
  // post = "queue_in_loop": one EventLoop::queueInLoop(functor) per item, as muduo code hands
  // work to a loop: the functor vector is swapped out once per loop iteration (batching on
  // the consumer side), but every cross-thread call writes the loop's eventfd.
  kQueueInLoop,
  // post = "coalesced": items go onto a vector of their own; only the post that finds it
  // empty queues a drain functor, so the eventfd is written once per batch.
  kCoalesced,
};

struct NotifyOptions {
  std::size_t eventsInitial = 16;
  PostMode post = PostMode::kQueueInLoop;
};

// Throws std::invalid_argument naming the key for an unknown key or a malformed value.
NotifyOptions parseNotifyOptions(const rb_option* options, std::uint32_t count);

}  // namespace rbmuduo
