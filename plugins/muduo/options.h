// The [plugin_options.muduo] / [plugin_options.epoll-add-always] keys, declared once: the
// descriptor carries kOptionDecls (ABI 1.3) and prepare parses what it receives from it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "declared_options.h"
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

struct PluginOptions {
  // Initial size of the epoll_wait result array (muduo: 16, doubled whenever a poll fills it).
  std::size_t eventsInitial = 16;
  // notify only.
  PostMode post = PostMode::kQueueInLoop;
  // flower only: io = "recv" reads and passes each byte with recv/send, as muduo's bench.cc
  // does, rather than read/write (the default).
  bool flowerRecv = false;
};

extern const std::array<rb_option_decl, 3> kOptionDecls;

// The settings kOptionDecls' values give.
PluginOptions optionsFrom(const std::array<rb_option_value, 3>& values);

// What prepare receives, parsed for its workload ("flower", "notify", ...): an unknown key, a
// malformed value or a key of another workload is refused by name.
using DeclaredPluginOptions = rbcommon::DeclaredOptions<kOptionDecls, &optionsFrom>;

}  // namespace rbmuduo
