// A workload as the host sees it: what a cell needs before it can run (parent side), and
// how to drive a loaded plugin through it and measure it (child side).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/cell.h"
#include "model/cell_failure.h"
#include "model/results.h"
#include "reactorbench/plugin.h"
#include "workload/measured_phase.h"

namespace rb::plugin {
struct LoadedPlugin;
}

namespace rb::workload {

// Exit codes of a cell's (or a check's) child process, read by the parent together with the
// message stream. A workload's own watchdog may end the process with kWorkerCellFailed.
inline constexpr int kWorkerOk = 0;
inline constexpr int kWorkerCellFailed = 3;
inline constexpr int kWorkerBadJob = 4;

// Thrown by a workload when the plugin misbehaves: the cell is `failed` with this reason.
using rb::CellFailure;

// Two-process workloads: the side this process plays and what the parent passed it.
struct RoleInputs {
  std::string role;    // "server" or "client"
  int listen_fd = -1;  // server: the listening socket the parent bound on 127.0.0.1
  std::string host;    // client: the server's address
  int port = 0;
  // Messages to the parent beyond samples: the server reports when it serves (with facts
  // such as its idle RSS) and, once stopped, its final counters.
  std::function<void(const std::map<std::string, std::uint64_t>&)> ready;
  std::function<void(const std::map<std::string, std::uint64_t>&)> final_counters;
};

struct CellInputs {
  const CellSpec& cell;
  const std::vector<std::pair<std::string, std::string>>& options;
  int warmup = 0;
  int repetitions = 0;
  int round = 0;
  const RoleInputs* role = nullptr;  // two-process workloads only
  // Where the driver marks each iteration's measured phase (MeasuredScope); null: nowhere.
  MeasuredPhase* phase = nullptr;
};

// A workload's unit of work and how many of them one sample did: what the kernel's counts of
// a sample are divided by ("syscalls per read").
struct EventCount {
  std::string_view unit;  // singular: "read", "message", "request", "item"
  double count = 0;
};

// How a cell's round maps to processes.
enum class ProcessLayout {
  single,         // one child runs every iteration
  server_client,  // a server child given a listening socket, and a client child that
                  // reports the samples (exec/pair_process.h)
};

// What the parent measured of the server process while one client sample ran.
struct ServerUsage {
  double cpu_s = 0;           // CPU time of all its threads since the previous sample
  long peak_rss_kib = 0;      // its peak RSS so far (VmHWM)
  long baseline_rss_kib = 0;  // its peak RSS when it reported ready
};

// Called once per iteration as soon as it is measured; warm-up iterations included.
using SampleSink = std::function<void(const Sample&)>;

class Workload {
 public:
  virtual ~Workload() = default;
  virtual std::string_view name() const = 0;

  // Parent side. File descriptors the cell's process needs (its own plus a margin).
  virtual long fds_needed(const CellSpec& cell) const = 0;
  // Parent side. Why this cell cannot run here, or nullopt. `fd_hard_limit` is RLIMIT_NOFILE's.
  virtual std::optional<std::string> skip_reason(const CellSpec& cell, long fd_hard_limit) const;

  // Child side. Throws CellFailure when the plugin errs or its counters are wrong.
  virtual void run(const plugin::LoadedPlugin& plugin, const rb_host& host,
                   const CellInputs& inputs, const SampleSink& sink) const = 0;

  // Parent side. ProcessLayout::single unless the workload pairs a server and a client.
  virtual ProcessLayout layout() const { return ProcessLayout::single; }
  // Both sides, server_client: true when the client is the runner's own code (rr's load
  // generator), so the client's process loads no plugin and runs run_host_client instead.
  virtual bool client_is_host() const { return false; }
  virtual void run_host_client(const CellInputs&, const SampleSink&) const {}
  // Parent side. How long a round is meant to run by design (e.g. iterations x duration);
  // the parent adds it to [run] timeout, so a long run needs no longer timeout.
  virtual std::chrono::milliseconds planned_time(const CellSpec&, int /*iterations*/) const {
    return {};
  }
  // Parent side. How long a round usually takes, for estimates (`--dry-run`): planned_time
  // is the most a round may take before it is a timeout, which a workload that allows for
  // a slow end of each run (rr's drain of a request timeout) rarely reaches.
  virtual std::chrono::milliseconds expected_time(const CellSpec& cell, int iterations) const {
    return planned_time(cell, iterations);
  }
  // Either side. The events `sample` did (e.g. a flower sample's reads), nullopt when the
  // sample does not say.
  virtual std::optional<EventCount> events_in(const CellSpec&, const Sample&) const {
    return std::nullopt;
  }
  // Parent side, server_client: completes a client sample with the server's share.
  virtual void add_server_usage(const CellSpec&, const ServerUsage&, Sample&) const {}
  // Parent side, server_client: the server's final counters against the round's client
  // samples (warm-up included); the reason the round fails, or nullopt.
  virtual std::optional<std::string> check_server(
      const CellSpec&, const std::map<std::string, std::uint64_t>& /*server_counters*/,
      const std::vector<Sample>& /*client_samples*/) const {
    return std::nullopt;
  }
};

}  // namespace rb::workload
