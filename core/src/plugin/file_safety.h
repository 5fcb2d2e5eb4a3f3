// Refusing plugin files that someone other than this user and root could have replaced: the
// runner runs a plugin's code with the user's rights, so such a file is code from an unknown
// author. Judged the way sudo and ssh judge paths: the file and every directory the lookup
// passes through, from / down, symlinks followed (each link's directory, then its target's
// path). Unsafe is an element owned by another user than this one and root, or writable by
// others: world-writable, or group-writable by a group other than root's and the user's
// private group; a directory with the sticky bit (/tmp) is fine, as only an entry's owner
// may rename it there.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "plugin/registry.h"

namespace rb::plugin {

inline constexpr const char* kAllowUnsafePluginsFlag = "--allow-unsafe-plugins";

// Why the file is unsafe to load, naming the element at fault, or nullopt (also when the path
// cannot be resolved: loading it then reports the real error). The one check every plugin
// path goes through: --plugin-path, REACTORBENCH_PLUGIN_PATH, the built-in directories and
// paths in configs all reach the loader through safety_checked() below.
std::optional<std::string> unsafe_plugin_reason(const std::filesystem::path& so_path);

// Throws LoadError(unsafe_file) naming the reason and the way out (chmod, or the flag).
void refuse_unsafe_plugin(const std::filesystem::path& so_path);

// A prober that refuses unsafe files before probing them (so nothing of theirs ever runs),
// unless allow_unsafe is set, in which case it is `probe` itself.
Registry::Prober safety_checked(Registry::Prober probe, bool allow_unsafe);

}  // namespace rb::plugin
