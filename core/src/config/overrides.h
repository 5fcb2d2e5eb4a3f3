// Command-line changes to a config: --set, --plugins, --quick, --repetitions, --warmup,
// --rounds, --duration, --budget, --pairing.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rb::config {

struct Overrides {
  std::vector<std::string> set;  // each "axis=v1,v2" (from --set), applied in order
  // --plugins a,b: narrows the list (each must be in the config's list or known to the
  // catalog); the plan runs them in this order.
  std::optional<std::vector<std::string>> plugins;
  bool quick = false;  // --quick: 3 repetitions, 1 warmup, 1 round, first two values per axis
  // Over [run] and over --quick's: the command line has the last word.
  std::optional<int> repetitions;
  std::optional<int> warmup;
  std::optional<int> rounds;
  // --duration 2s: every cell's `duration` axis is this one value (workloads that run for a
  // time: pingpong, rr); refused for a workload without that axis.
  std::optional<std::string> duration;
  // --budget 10m: over [run] budget (config/budget_key.h); "0" turns it off.
  std::optional<std::string> budget;
  // --pairing rounds|iterations|duet: over [run] pairing (and duet).
  std::optional<std::string> pairing;
};

}  // namespace rb::config
