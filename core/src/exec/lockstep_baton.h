// Turns for the plugins of one lockstep process ([run] pairing = "iterations"): each member
// runs in a thread of its own, but only the member whose turn it is runs at all, so every
// measured iteration has the CPU to itself, and the members' iterations alternate: iteration i
// of every member, in an order drawn afresh for each i, then iteration i + 1. Pairs are thus
// milliseconds apart on one CPU, where this project's VM's noise is most alike
// (shared/design/VERDICTS.md, section 8), and which member meets the noise first changes at
// random.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace rb::exec {

// The turns of `members` members over `iterations` iterations: for each iteration a seeded
// random permutation of 0..members-1 (the same on every platform: exec/round_order.h's
// generator). A turn is one iteration of one member; the first also holds the member's
// set-up, the last is followed by its tear-down once every turn is over.
std::vector<std::size_t> lockstep_schedule(std::size_t members, int iterations, std::uint64_t seed);

class LockstepBaton {
 public:
  LockstepBaton(std::size_t members, std::vector<std::size_t> schedule);

  // Blocks until it is `member`'s turn, or every turn is over (then it returns at once).
  void wait_turn(std::size_t member);
  // `member`'s turn is over: the next member's begins.
  void end_turn(std::size_t member);
  // `member` takes no more turns (it failed, or it finished early): its turns are skipped.
  void leave(std::size_t member);

 private:
  void skip_departed();  // with mutex_ held

  std::mutex mutex_;
  std::condition_variable turn_changed_;
  std::vector<std::size_t> schedule_;
  std::vector<bool> departed_;
  std::size_t position_ = 0;
};

}  // namespace rb::exec
