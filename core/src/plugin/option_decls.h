// ABI 1.3: the options a plugin declares in its descriptor (rb_plugin.options), read and
// checked when it loads. A plugin built for 1.2, or whose descriptor's struct_size stops
// before the two members, declares nothing and the host checks nothing early (1.2 behaviour).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <reactorbench/plugin.h>

#include "model/declared_option.h"

namespace rb::plugin {

// `tables`: the descriptor members an rb_option_decl's `workloads` may name (the workload
// registry's, workload/registry.h option_tables()).
// Throws LoadError naming the option (by index and by name) when a declaration is unusable:
// its struct_size, a name outside [a-z0-9_]+ or declared twice, an unknown type, an ENUM
// without values, an INT range that is not "MIN..MAX", a default that is no value of the
// option, a workload the ABI does not have.
std::vector<rb::DeclaredOption> checked_option_decls(const rb_plugin& descriptor,
                                                     const std::filesystem::path& path,
                                                     const std::vector<std::string>& tables);

}  // namespace rb::plugin
