// [run]: how many times and how each cell runs.
#pragma once

#include <toml++/toml.h>

#include "config/test_plan.h"
#include "config/toml_access.h"

namespace rb::config {

// The settings in `run` (may be null: all defaults). target and server_command are
// config/server_section.h's.
RunSettings read_run(const TomlReader& reader, const toml::node* run);

}  // namespace rb::config
