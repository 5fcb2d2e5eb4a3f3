// Which plugin each name of a run's tables stands for: a [variants] name loads its base
// plugin with options of its own, so a table is only self-explaining next to this list.
#pragma once

#include <string>
#include <vector>

#include "model/results.h"

namespace rb::report {

struct NamedSetup {
  std::string name;  // the label in the tables (a plugin or a variant)
  PluginSetup setup;
};

// Each plugin name the cells use (a two-process cell's per role), once, in order of first
// appearance; names whose cells do not record their setup (older results) are left out.
std::vector<NamedSetup> plugin_setups(const RunResult& run);

}  // namespace rb::report
