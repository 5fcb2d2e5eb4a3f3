// `runner plugins --options NAME`: the options a plugin declares (ABI 1.3), as a table.
#pragma once

#include <string>

#include "plugin/plugin_info.h"

namespace rb::cli {

// A title line, then NAME TYPE ALLOWED DEFAULT WORKLOADS HELP, one row per option; or one
// line saying the plugin declares none (an ABI 1.2 plugin, or one that leaves its options to
// prepare) and what that means.
std::string format_option_listing(const plugin::PluginInfo& info);

}  // namespace rb::cli
