// HTTP request/response latency (callback-style servers answered ~1.24x the requests/s of
// coroutine-style ones): the plugin serves keep-alive HTTP/1.1 in a server process; the host's
// own load generator (loadgen/) drives it from a client process, closed loop or open loop at a
// constant rate, and records every response's latency. One sample per client run, with its
// histogram; the parent adds the server's CPU and memory and, once the server stopped, checks
// its request count against the client's.
#pragma once

#include "workload/workload.h"

namespace rb::workload {

class RrWorkload final : public Workload {
 public:
  std::string_view name() const override { return "rr"; }
  long fds_needed(const CellSpec& cell) const override;
  std::optional<std::string> skip_reason(const CellSpec& cell, long fd_hard_limit) const override;
  void run(const plugin::LoadedPlugin& plugin, const rb_host& host, const CellInputs& inputs,
           const SampleSink& sink) const override;
  std::optional<EventCount> events_in(const CellSpec& cell, const Sample& sample) const override;

  ProcessLayout layout() const override { return ProcessLayout::server_client; }
  bool client_is_host() const override { return true; }
  void run_host_client(const CellInputs& inputs, const SampleSink& sink) const override;
  std::chrono::milliseconds planned_time(const CellSpec& cell, int iterations) const override;
  std::chrono::milliseconds expected_time(const CellSpec& cell, int iterations) const override;
  void add_server_usage(const CellSpec& cell, const ServerUsage& usage,
                        Sample& sample) const override;
  std::optional<std::string> check_server(
      const CellSpec& cell, const std::map<std::string, std::uint64_t>& server_counters,
      const std::vector<Sample>& client_samples) const override;
};

}  // namespace rb::workload
