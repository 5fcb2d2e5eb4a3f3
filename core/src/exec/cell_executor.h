// The seam between the cell loop (exec/cell_runner.h: which cells run, in which order, how
// many rounds, retries, skips, interrupts, progress) and what runs one attempt of a round.
// The runner's own executor spawns the child processes (exec/process_executor.h); a test's
// scripts the outcomes, so the loop is checked without starting a process.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "exec/interference.h"
#include "model/cell.h"
#include "model/results.h"

namespace rb::exec {

using SampleSink = std::function<void(const Sample&)>;
// Member k of a group (the group's k-th cell) measured a sample.
using MemberSampleSink = std::function<void(std::size_t member, const Sample&)>;

// One attempt of a group's round: each member's outcome, and the group's together
// (exec/round_outcome.h: group_total) with what the machine did meanwhile.
struct MeasuredGroup {
  std::vector<CellProcessResult> members;
  MeasuredRound total;
};

class CellExecutor {
 public:
  virtual ~CellExecutor() = default;

  // Attempt `attempt` (0 first; a retry of a disturbed round 1, 2 ...) of the cell's round
  // `round` in a process of its own (a server's and a client's, for a two-process workload).
  // A plugin's failure, crash or timeout is the outcome's status, never an exception.
  virtual MeasuredRound run_alone(const CellSpec& cell, int round, int attempt,
                                  const SampleSink& on_sample) = 0;

  // The group's cells in one process, turn by turn ([run] pairing = "iterations").
  virtual MeasuredGroup run_lockstep(const std::vector<const CellSpec*>& group, int round,
                                     int attempt, const MemberSampleSink& on_sample) = 0;

  // The group's cells at the same time, each in a process of its own on a CPU of its own
  // ([run] pairing = "duet").
  virtual MeasuredGroup run_duet(const std::vector<const CellSpec*>& group, int round, int attempt,
                                 const MemberSampleSink& on_sample) = 0;
};

}  // namespace rb::exec
