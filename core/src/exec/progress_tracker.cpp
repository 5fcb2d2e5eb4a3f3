#include "exec/progress_tracker.h"

#include <algorithm>

namespace rb::exec {

ProgressTracker::ProgressTracker(const std::vector<bool>& runs,
                                 std::vector<std::optional<double>> prior_round_s, int rounds) {
  cells_.resize(runs.size());
  for (std::size_t i = 0; i < runs.size(); ++i) {
    cells_[i].rounds_left = runs[i] ? std::max(rounds, 0) : 0;
    if (i < prior_round_s.size() && prior_round_s[i] && *prior_round_s[i] > 0)
      cells_[i].prior_s = prior_round_s[i];
  }
}

void ProgressTracker::round_finished(std::size_t cell, double wall_s, bool goes_on) {
  if (cell >= cells_.size()) return;
  Cell& c = cells_[cell];
  ++done_;
  if (c.rounds_left > 0) --c.rounds_left;
  if (!goes_on) c.rounds_left = 0;
  if (wall_s > 0) {
    c.measured_s += wall_s;
    ++c.measured;
    measured_total_s_ += wall_s;
  }
}

void ProgressTracker::drop(std::size_t cell) {
  if (cell < cells_.size()) cells_[cell].rounds_left = 0;
}

void ProgressTracker::add_round(std::size_t cell) {
  if (cell < cells_.size()) ++cells_[cell].rounds_left;
}

std::size_t ProgressTracker::total() const {
  std::size_t left = 0;
  for (const Cell& c : cells_) left += static_cast<std::size_t>(c.rounds_left);
  return done_ + left;
}

std::optional<double> ProgressTracker::remaining_s(double elapsed_s) const {
  // How this run's rounds compare with the priors of the same cells: a slower machine or a
  // busier moment than the earlier run scales the cells not seen yet alike.
  double prior_seen = 0;
  double measured_seen = 0;
  std::size_t rounds_measured = 0;
  for (const Cell& c : cells_) {
    rounds_measured += static_cast<std::size_t>(c.measured);
    if (c.measured > 0 && c.prior_s) {
      prior_seen += *c.prior_s * c.measured;
      measured_seen += c.measured_s;
    }
  }
  const double prior_scale = prior_seen > 0 ? measured_seen / prior_seen : 1.0;
  const std::optional<double> mean_round =
      rounds_measured > 0 ? std::optional<double>(measured_total_s_ / rounds_measured)
                          : std::nullopt;

  double left = 0;
  for (const Cell& c : cells_) {
    if (c.rounds_left == 0) continue;
    double per_round = 0;
    if (c.measured > 0)
      per_round = c.measured_s / c.measured;
    else if (c.prior_s)
      per_round = *c.prior_s * prior_scale;
    else if (mean_round)
      per_round = *mean_round;
    else
      return std::nullopt;
    left += per_round * c.rounds_left;
  }
  // The runner's own time between rounds (the interference reading, writing samples) is in
  // the elapsed time but in no round's wall time: it scales the rest alike.
  const double overhead =
      measured_total_s_ > 0 && elapsed_s > measured_total_s_ ? elapsed_s / measured_total_s_ : 1.0;
  return left * overhead;
}

}  // namespace rb::exec
