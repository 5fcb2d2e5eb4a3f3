// The design a config gets when its [run] says nothing: one that a compare can judge.
//
// The replicates a verdict stands on are rounds (child processes), not iterations
// (shared/design/VERDICTS.md, section 3): one round of 25 iterations, the old default, gave
// a within-process interval only and no verdict. Six rounds of four keep the measured
// iterations about the same (24) and give a paired compare six pairs, where the exact
// sign-flip test first reaches p < 0.05 (2 / 2^6 = 0.031; at 5 pairs it cannot go below
// 0.0625).
#pragma once

namespace rb::config {

inline constexpr int kDefaultRounds = 6;
inline constexpr int kDefaultRepetitions = 4;
inline constexpr int kDefaultWarmup = 1;
// Pairs of rounds a paired verdict needs before its exact test can reach p < 0.05.
inline constexpr int kPairsForVerdict = 6;

// Where a plan's rounds came from, so that `--dry-run` can say why it runs that many.
enum class RoundsSource {
  defaulted,     // the config said nothing: kDefaultRounds
  config,        // [run] rounds
  quick,         // --quick (one round: a first look, not a verdict)
  command_line,  // --rounds N
};

}  // namespace rb::config
