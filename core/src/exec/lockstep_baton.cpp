#include "exec/lockstep_baton.h"

#include "exec/round_order.h"

namespace rb::exec {

std::vector<std::size_t> lockstep_schedule(std::size_t members, int iterations,
                                           std::uint64_t seed) {
  std::vector<std::size_t> schedule;
  for (int i = 0; i < iterations; ++i)
    for (const std::size_t member : round_order(members, members, seed, i))
      schedule.push_back(member);
  return schedule;
}

LockstepBaton::LockstepBaton(std::size_t members, std::vector<std::size_t> schedule)
    : schedule_(std::move(schedule)), departed_(members, false) {}

void LockstepBaton::wait_turn(std::size_t member) {
  std::unique_lock lock(mutex_);
  turn_changed_.wait(
      lock, [&] { return position_ >= schedule_.size() || schedule_[position_] == member; });
}

void LockstepBaton::end_turn(std::size_t member) {
  {
    const std::lock_guard lock(mutex_);
    if (position_ < schedule_.size() && schedule_[position_] == member) ++position_;
    skip_departed();
  }
  turn_changed_.notify_all();
}

void LockstepBaton::leave(std::size_t member) {
  {
    const std::lock_guard lock(mutex_);
    departed_[member] = true;
    skip_departed();
  }
  turn_changed_.notify_all();
}

void LockstepBaton::skip_departed() {
  while (position_ < schedule_.size() && departed_[schedule_[position_]]) ++position_;
}

}  // namespace rb::exec
