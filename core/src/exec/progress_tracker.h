// How far a run is and how long the rest will take. The ETA is weighted by each cell's own
// round time, not the run's average: a flower sweep's rounds range from 20 ms (100 pipes) to
// half a second (7,500), so an average over the cheap first cells promised minutes too few.
// A cell's round time is what its rounds took in this run; before its first round, a prior
// (round_time_priors.h: an earlier run's, or the workload's planned time) scaled by how this
// run compares with that prior so far; without either, the run's mean round time.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace rb::exec {

class ProgressTracker {
 public:
  // One entry per cell of the run (positions, as run_matrix's cells): whether it runs, and
  // the seconds a round of it is expected to take (nullopt: not known).
  ProgressTracker(const std::vector<bool>& runs, std::vector<std::optional<double>> prior_round_s,
                  int rounds);

  // A round of `cell` took `wall_s`; `goes_on` false when the cell failed, so that its later
  // rounds are not run and leave the total.
  void round_finished(std::size_t cell, double wall_s, bool goes_on);
  // The cell stops before its rounds are done (interrupted): its rounds leave the total.
  void drop(std::size_t cell);
  // [run] budget gave the cell another round beyond the planned ones.
  void add_round(std::size_t cell);

  std::size_t done() const { return done_; }
  std::size_t total() const;
  // Seconds still to go, given the run's elapsed time so far (which carries the runner's own
  // time between rounds); nullopt while nothing tells.
  std::optional<double> remaining_s(double elapsed_s) const;

 private:
  struct Cell {
    int rounds_left = 0;
    std::optional<double> prior_s;
    double measured_s = 0;  // sum of this run's rounds
    int measured = 0;
  };
  std::vector<Cell> cells_;
  std::size_t done_ = 0;
  double measured_total_s_ = 0;
};

}  // namespace rb::exec
