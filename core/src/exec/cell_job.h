// Everything a cell's child process needs to run one round of one cell, passed on its
// command line as JSON so the child is a plain `runner __cell` with no shared state.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/cell.h"

namespace rb::exec {

struct CellJob {
  CellSpec cell;
  std::filesystem::path plugin_path;
  std::vector<std::pair<std::string, std::string>> options;
  int warmup = 0;
  int repetitions = 0;
  int round = 0;
  std::vector<int> cpus;   // empty: no pinning
  long nofile_needed = 0;  // the child raises its soft limit to this (up to the hard limit)
  int report_fd = -1;      // where the child writes its messages
};

nlohmann::json to_json(const CellJob& job);
CellJob cell_job_from_json(const nlohmann::json& j);  // throws nlohmann::json::exception

}  // namespace rb::exec
