// Refusing plugin files that anyone on the machine could have replaced: the runner runs a
// plugin's code with the user's rights, so a world-writable .so, or one in a world-writable
// directory without the sticky bit, is code from an unknown author. /tmp (sticky) is fine.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "plugin/registry.h"

namespace rb::plugin {

inline constexpr const char* kAllowUnsafePluginsFlag = "--allow-unsafe-plugins";

// Why the file is unsafe to load, or nullopt. Looks at the file and its directory as named,
// and, when that is a symlink, at the file it resolves to and that file's directory.
std::optional<std::string> unsafe_plugin_reason(const std::filesystem::path& so_path);

// Throws LoadError(unsafe_file) naming the reason and the way out (chmod, or the flag).
void refuse_unsafe_plugin(const std::filesystem::path& so_path);

// A prober that refuses unsafe files before probing them (so nothing of theirs ever runs),
// unless allow_unsafe is set, in which case it is `probe` itself.
Registry::Prober safety_checked(Registry::Prober probe, bool allow_unsafe);

}  // namespace rb::plugin
