// What a run tells MatrixOptions::progress: each update with the cell-rounds done and to go
// and the ETA (exec/progress_tracker.h), in the order the cell loop reaches them.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include "exec/matrix_runner.h"
#include "exec/progress_tracker.h"

namespace rb::exec {

class RunProgress {
 public:
  RunProgress(std::function<void(const ProgressUpdate&)> listener, ProgressTracker tracker,
              int rounds, int iterations);

  // `round` 0-based; `iteration` how many the running round has reported.
  void tell(ProgressUpdate::Kind kind, const std::string& label, int round, int iteration);
  // A cell's round ended (ok or not); a failed cell's later rounds leave the total.
  void round_finished(std::size_t cell, double wall_s, bool goes_on, const std::string& label,
                      int round);
  // [run] budget gives the cell round `round` (0-based), maybe beyond the planned ones.
  void add_round(std::size_t cell, int round);

 private:
  std::function<void(const ProgressUpdate&)> listener_;
  ProgressTracker tracker_;
  int shown_rounds_;  // the "round r/n" shown: more once the budget adds some
  const int iterations_;
  const std::chrono::steady_clock::time_point started_at_ = std::chrono::steady_clock::now();
  std::optional<double> remaining_s_;
};

}  // namespace rb::exec
