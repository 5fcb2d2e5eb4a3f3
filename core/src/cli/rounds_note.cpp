#include "cli/rounds_note.h"

#include <cmath>

#include <fmt/format.h>

#include "compare/verdict.h"

namespace rb::cli {
namespace {

std::string source_phrase(const config::RunSettings& run) {
  switch (run.rounds_source) {
    case config::RoundsSource::defaulted:
      return fmt::format(
          "default: a paired verdict needs >= {} pairs; the exact sign-flip test over {} "
          "reaches p = {:.3f}",
          config::kPairsForVerdict, config::kPairsForVerdict,
          2 / std::pow(2.0, config::kPairsForVerdict));
    case config::RoundsSource::config:
      return "[run] rounds";
    case config::RoundsSource::quick:
      return "--quick: a first look";
    case config::RoundsSource::command_line:
      return "--rounds";
  }
  return {};
}

}  // namespace

std::string rounds_note(const config::TestPlan& plan) {
  const int rounds = plan.run.rounds;
  std::string line = fmt::format("rounds: {} ({})", rounds, source_phrase(plan.run));
  // A single column has nothing in the run to be compared with; its rounds serve a compare
  // with another run, which is unpaired and has its own needs.
  if (plan.columns().size() < 2 || rounds >= config::kPairsForVerdict) return line;
  const std::size_t needed = compare::VerdictRules{}.min_rounds;
  if (static_cast<std::size_t>(rounds) < needed)
    return line +
           fmt::format("; compare gives no verdict between this run's plugins below {} rounds",
                       needed);
  return line + fmt::format(
                    "; fewer than {} pairs: the exact sign-flip p of a paired verdict cannot go "
                    "below 2/2^{} = {:.3f}",
                    config::kPairsForVerdict, rounds, 2 / std::pow(2.0, rounds));
}

}  // namespace rb::cli
