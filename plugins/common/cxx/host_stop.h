// The host's stop flag (rb_host::stop_requested, when the host's struct has it): whether the
// host wants the run over, asked by a plugin's loop while it waits. Any thread may ask.
#pragma once

#include <cstddef>

#include "reactorbench/plugin.h"

namespace rbcommon {

class HostStop {
 public:
  explicit HostStop(const rb_host* host) {
    constexpr std::size_t kNeeded =
        offsetof(rb_host, stop_requested) + sizeof(rb_host::stop_requested);
    if (host != nullptr && host->struct_size >= kNeeded) {
      stopRequested_ = host->stop_requested;
      ctx_ = host->ctx;
    }
  }

  // False for a host that cannot say.
  bool requested() const { return stopRequested_ != nullptr && stopRequested_(ctx_) != 0; }

 private:
  int (*stopRequested_)(void*) = nullptr;
  void* ctx_ = nullptr;
};

}  // namespace rbcommon
