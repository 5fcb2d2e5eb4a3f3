// Cross-thread hand-off (a pipe watched by a loop against a condition variable): host producer
// threads post 1..items through the plugin, whose consumer (an event-loop thread or a thread
// blocked on a queue) takes them; the consumer's count and sum are the checksum. Each iteration
// starts a fresh consumer and times from the first post to the end of finish.
#pragma once

#include "workload/workload.h"

namespace rb::workload {

class NotifyWorkload final : public Workload {
 public:
  std::string_view name() const override { return "notify"; }
  long fds_needed(const CellSpec& cell) const override;
  std::optional<std::string> skip_reason(const CellSpec& cell, long fd_hard_limit) const override;
  void run(const plugin::LoadedPlugin& plugin, const rb_host& host, const CellInputs& inputs,
           const SampleSink& sink) const override;
  std::optional<EventCount> events_in(const CellSpec& cell, const Sample& sample) const override;
};

}  // namespace rb::workload
