// [run] pairing = "rounds" | "iterations": how a run sets the plugins of one point side by
// side for the comparisons made in it (config/test_plan.h, Pairing).
#pragma once

#include <string>

#include <toml++/toml.h>

#include "config/test_plan.h"
#include "config/toml_access.h"

namespace rb::config {

// Reads the key if `run` holds it; a ConfigError at the value for anything but the two words.
void read_pairing_key(const TomlReader& reader, const toml::table& run, RunSettings& settings);

// "pairing: iterations (default with variants: ...)": what --dry-run says of the plan's
// pairing and why. A two-process workload (a server and a client) always pairs by rounds.
std::string pairing_note(const TestPlan& plan, bool two_process);

}  // namespace rb::config
