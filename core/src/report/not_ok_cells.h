// The cells that did not produce numbers, grouped so a sweep with many skipped points reads
// as a short list: one line per point, status and reason, naming the plugins it hit.
#pragma once

#include <string>
#include <vector>

#include "model/results.h"

namespace rb::report {

struct NotOkGroup {
  std::string workload;
  std::string point;  // params label
  CellStatus status = CellStatus::ok;
  std::string reason;
  std::vector<std::string> plugins;  // in cell order
  bool all_plugins = false;          // every plugin of the run at this point
};

std::vector<NotOkGroup> group_not_ok_cells(const RunResult& run);

// "pipes=100 active=1000 (all plugins): skipped: active (1000) > pipes (100) ..."
std::string describe(const NotOkGroup& group);

}  // namespace rb::report
