// Command-line changes to a config: --set, --plugins, --quick.
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
};

}  // namespace rb::config
