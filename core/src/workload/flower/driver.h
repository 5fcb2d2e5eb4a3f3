// The hot-potato benchmark (libevent test/bench.c): n fd pairs, `active` of them primed,
// a global write budget that passes bytes along the ring. Measures watcher set-up (arm) and
// event dispatch separately.
#pragma once

#include "workload/workload.h"

namespace rb::workload {

class FlowerWorkload final : public Workload {
 public:
  std::string_view name() const override { return "flower"; }
  long fds_needed(const CellSpec& cell) const override;
  std::optional<std::string> skip_reason(const CellSpec& cell, long fd_hard_limit) const override;
  void run(const plugin::LoadedPlugin& plugin, const rb_host& host, const CellInputs& inputs,
           const SampleSink& sink) const override;
  std::optional<EventCount> events_in(const CellSpec& cell, const Sample& sample) const override;
};

}  // namespace rb::workload
