// [run] pairing = "rounds" | "iterations": how a run sets the plugins of one point side by
// side for the comparisons made in it (config/test_plan.h, Pairing).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <toml++/toml.h>

#include "config/test_plan.h"
#include "config/toml_access.h"

namespace rb::config {

// Reads the key if `run` holds it (and `duet = true`, the same as pairing = "duet"); a
// ConfigError at the value for anything but the three words.
void read_pairing_key(const TomlReader& reader, const toml::table& run, RunSettings& settings);

// "rounds", "iterations" or "duet" (--pairing); nullopt for anything else.
std::optional<Pairing> pairing_named(std::string_view text);

// "pairing: iterations (default with variants: ...)": what --dry-run says of the plan's
// pairing and why. A two-process workload (a server and a client) always pairs by rounds.
std::string pairing_note(const TestPlan& plan, bool two_process);

}  // namespace rb::config
