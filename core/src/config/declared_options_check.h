// A config's plugin options against what the plugins declare (ABI 1.3, model/declared_option.h):
// an unknown option, a malformed or disallowed value, or an option of another workload is a
// ConfigError at the key or value, before anything runs. A plugin that declares nothing is
// not checked here; its prepare checks what it is given, as before 1.3.
#pragma once

#include <toml++/toml.h>

#include "config/plugin_lookup.h"
#include "config/test_plan.h"
#include "config/toml_access.h"
#include "config/variant_section.h"
#include "config/workload_schema.h"

namespace rb::config {

// Checks every plugin `plan` runs: its base's [plugin_options] and, for a variant, its own
// keys, each against the declarations of what the name loads (a variant by path: its file's)
// and the ABI tables it plays in the workload (pingpong: server, client or both).
void check_declared_options(const TomlReader& reader, const toml::table& root, const TestPlan& plan,
                            const WorkloadSchema& schema, const PluginLookup* catalog,
                            const Variants& variants);

}  // namespace rb::config
