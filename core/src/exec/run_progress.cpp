#include "exec/run_progress.h"

#include <algorithm>
#include <utility>

namespace rb::exec {

RunProgress::RunProgress(std::function<void(const ProgressUpdate&)> listener,
                         ProgressTracker tracker, int rounds, int iterations)
    : listener_(std::move(listener)),
      tracker_(std::move(tracker)),
      shown_rounds_(rounds),
      iterations_(iterations) {}

// The ETA changes only when a round ends: it is worked out then, not as each sample of the
// measured round arrives (this process shares the machine with the child measuring).
void RunProgress::tell(ProgressUpdate::Kind kind, const std::string& label, int round,
                       int iteration) {
  if (!listener_) return;
  if (kind != ProgressUpdate::Kind::iteration) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_at_).count();
    remaining_s_ = tracker_.remaining_s(elapsed);
  }
  listener_(ProgressUpdate{kind, tracker_.done(), tracker_.total(), remaining_s_, label, round + 1,
                           shown_rounds_, iteration, iterations_});
}

void RunProgress::round_finished(std::size_t cell, double wall_s, bool goes_on,
                                 const std::string& label, int round) {
  tracker_.round_finished(cell, wall_s, goes_on);
  tell(ProgressUpdate::Kind::round_finished, label, round, iterations_);
}

void RunProgress::add_round(std::size_t cell, int round) {
  shown_rounds_ = std::max(shown_rounds_, round + 1);
  tracker_.add_round(cell);
}

}  // namespace rb::exec
