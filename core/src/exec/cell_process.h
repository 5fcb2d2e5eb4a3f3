// The parent side of a cell: fork+exec `runner __cell`, read its sample stream as it comes,
// enforce the deadline (SIGTERM, then SIGKILL), collect rusage, classify how it ended.
//
// fork+exec rather than a bare fork: the plugin is only ever mapped in a fresh image, so
// the child's peak RSS and rusage are the cell's own (a forked child starts with the
// parent's pages), no parent state (locks, buffered output, loaded plugins) leaks into the
// measurement, and a plugin's crash or exit cannot reach the parent.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "exec/canary.h"
#include "exec/cell_job.h"
#include "exec/child_outcome.h"
#include "model/results.h"

namespace rb::exec {

struct CellProcessOptions {
  std::filesystem::path runner_exe;  // the runner itself (/proc/self/exe)
  std::filesystem::path log_path;    // the child's stdout and stderr go here
  std::chrono::milliseconds timeout{60000};
  std::chrono::milliseconds kill_grace{2000};      // between SIGTERM and SIGKILL
  const std::atomic<bool>* interrupted = nullptr;  // set by the runner's SIGINT handler
};

struct CellProcessResult {
  CellStatus status = CellStatus::ok;
  std::string reason;
  std::vector<Sample> samples;  // warm-up included, in arrival order
  std::optional<Provenance> provenance;
  Rusage rusage;
  // Two-process cells (pair_process.h): each side's own view; `rusage` then sums them.
  std::map<std::string, Rusage> rusage_by_role = {};
  std::map<std::string, std::map<std::string, std::uint64_t>> counters_by_role = {};
  std::map<std::string, Provenance> provenance_by_role = {};
  // The canary's speed as the child (a pair's server) measured it; nullopt when it did not
  // get that far.
  std::optional<CanaryResult> canary = std::nullopt;
};

// The child finds its report pipe here; 3 is the first fd after stdio.
inline constexpr int kChildReportFd = 3;

// Reads a started cell child's messages as they come (to on_message) until it closes its
// pipe, then reaps it, stopping it (SIGTERM, then SIGKILL) at the deadline or when the run is
// interrupted: the stop's status and reason then, nullopt when it ended by itself.
std::optional<ChildEnd> drive_cell_child(CellChild& child, const CellProcessOptions& options,
                                         const std::function<void(ChildMessage&&)>& on_message);

// job.report_fd is chosen here. on_sample sees each sample the moment it arrives.
CellProcessResult run_cell_process(CellJob job, const CellProcessOptions& options,
                                   const std::function<void(const Sample&)>& on_sample);

// "no result within the timeout of N ms"
std::string timeout_reason(std::chrono::milliseconds timeout);

}  // namespace rb::exec
