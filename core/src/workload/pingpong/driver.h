// Echo throughput (muduo examples/pingpong; muduo led libevent2 by 70% at 16 KiB, where
// libevent reads 4 KiB a call): a server process and a client process per round
// (exec/pair_process.h). The client child runs warmup + repetitions independent client runs
// against the round's server, one sample each; the parent completes each sample with what it
// measured of the server and, once the server stopped, checks the server's counters against
// the samples.
#pragma once

#include "workload/workload.h"

namespace rb::workload {

class PingpongWorkload final : public Workload {
 public:
  std::string_view name() const override { return "pingpong"; }
  // Per process: each side holds one socket per session.
  long fds_needed(const CellSpec& cell) const override;
  std::optional<std::string> skip_reason(const CellSpec& cell, long fd_hard_limit) const override;
  void run(const plugin::LoadedPlugin& plugin, const rb_host& host, const CellInputs& inputs,
           const SampleSink& sink) const override;
  std::optional<EventCount> events_in(const CellSpec& cell, const Sample& sample) const override;

  ProcessLayout layout() const override { return ProcessLayout::server_client; }
  std::chrono::milliseconds planned_time(const CellSpec& cell, int iterations) const override;
  void add_server_usage(const CellSpec& cell, const ServerUsage& usage,
                        Sample& sample) const override;
  std::optional<std::string> check_server(
      const CellSpec& cell, const std::map<std::string, std::uint64_t>& server_counters,
      const std::vector<Sample>& client_samples) const override;
};

}  // namespace rb::workload
