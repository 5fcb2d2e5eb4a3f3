// [run] disturbance_threshold, on_disturbance and max_retries: when a round counts as
// disturbed by other work on its CPUs, and what the runner does about it (exec/interference.h).
#pragma once

#include <toml++/toml.h>

#include "config/test_plan.h"
#include "config/toml_access.h"

namespace rb::config {

// Reads whichever of the keys `run` holds into `settings`; a ConfigError at the value for a
// wrong type or range. disturbance_threshold is a fraction (0.05) or a percentage ("5%").
void read_disturbance_keys(const TomlReader& reader, const toml::table& run, RunSettings& settings);

}  // namespace rb::config
