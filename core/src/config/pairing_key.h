// [run] pairing = "rounds" | "iterations": how a run sets the plugins of one point side by
// side for the comparisons made in it (config/test_plan.h, Pairing).
#pragma once

#include <toml++/toml.h>

#include "config/test_plan.h"
#include "config/toml_access.h"

namespace rb::config {

// Reads the key if `run` holds it; a ConfigError at the value for anything but the two words.
void read_pairing_key(const TomlReader& reader, const toml::table& run, RunSettings& settings);

}  // namespace rb::config
