// Interference is measured, not guessed: around every attempt of a cell's round the parent
// reads /proc/stat's lines of the CPUs the round runs on, before the child starts and after
// it is reaped, and takes the children's own CPU time (wait4) off their busy time. What is
// left is other work that shared those CPUs; with steal time (a hypervisor's) it decides
// whether the round was disturbed. The child adds its canary (exec/canary.h).
//
// With [run] on_disturbance = "retry" a disturbed round that otherwise ended ok runs again,
// at most max_retries times; the last attempt is the one kept, the earlier ones' samples are
// superseded (samples.jsonl tags every line with its attempt, the readers drop the older).
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "config/test_plan.h"
#include "exec/cell_process.h"
#include "model/results.h"

namespace rb::exec {

// The CPUs a round's /proc/stat lines are read for: those it is pinned to, or every CPU the
// runner may use when it is not pinned.
std::vector<int> measured_cpus(const std::vector<int>& pinned);

struct MeasuredRound {
  CellProcessResult outcome;
  RoundInterference interference;  // of the attempt kept
};

// One attempt of a round between two readings of /proc/stat lines of `cpus` (and the wall
// clock): attempt(attempt_number)'s outcome, and what other work took of those CPUs meanwhile
// (its own CPU time, the outcome's rusage, taken off).
MeasuredRound measure_attempt(int round, int attempt_number, const std::vector<int>& cpus,
                              double threshold,
                              const std::function<CellProcessResult(int attempt)>& attempt);

// `attempt(0)`; with [run] on_disturbance = "retry", `attempt(1)`, `attempt(2)` ... while the
// last one ended ok but disturbed, retries are left and the run is not interrupted. The last
// attempt is the one returned; `measured` sees every attempt's interference as it is known.
MeasuredRound retry_while_disturbed(const config::RunSettings& settings,
                                    const std::function<MeasuredRound(int attempt)>& attempt,
                                    const std::function<void(const RoundInterference&)>& measured,
                                    const std::atomic<bool>* interrupted);

// Runs `attempt(0)` measured over `cpus`; with retry, `attempt(1)`, `attempt(2)` ... while
// the last one ended ok but disturbed, retries are left and the run is not interrupted.
// `measured` sees every attempt's interference as soon as it is known (samples.jsonl).
MeasuredRound run_measured_round(int round, const std::vector<int>& cpus,
                                 const config::RunSettings& settings,
                                 const std::function<CellProcessResult(int attempt)>& attempt,
                                 const std::function<void(const RoundInterference&)>& measured,
                                 const std::atomic<bool>* interrupted);

// "round 2: 12% of cpu 1 busy with other work (threshold 5%)" (or stolen by the
// hypervisor); "" when the round is not disturbed.
std::string disturbance_reason(const RoundInterference& round, double threshold);

// CellResult::disturbed and ::disturbance from its kept rounds' interference.
void note_disturbance(CellResult& cell, double threshold);

}  // namespace rb::exec
