// How `runner compare --plugins A,B` finds a plugin's cells in one run.
#pragma once

#include <optional>
#include <string>

#include "model/results.h"

namespace rb::compare {

// The label of `name`'s cells in `run`: `name` itself when cells carry it; else, for a
// workload of several roles (ping-pong's server and client), the label of the cells where
// that plugin plays every role ("libuv" finds "libuv/libuv"), which is how a config names
// them. A renamed plugin is found by either name (model/plugin_renames.h): "muduo" finds
// "muduo-style" cells. Empty when the run has neither.
std::optional<std::string> find_plugin_label(const RunResult& run, const std::string& name);

}  // namespace rb::compare
