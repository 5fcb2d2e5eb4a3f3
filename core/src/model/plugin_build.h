// How a plugin was built, as reactorbench_add_plugin() records it in the .so (an ELF note,
// cmake/plugin_build_note.c): whether the compiler optimised, the build type, the flags CMake
// added and the compiler. A plugin built otherwise records nothing, and the runner says so
// rather than guess.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace rb {

struct PluginBuild {
  bool optimized = false;  // the compiler's own __OPTIMIZE__: -O1 or more, whatever the flags
  std::string build_type;  // CMake's build type ("Release"; empty: none was given)
  std::string flags;       // the flags CMake added for the build type and the target
  std::string compiler;    // "GNU 12.2.0"
  friend bool operator==(const PluginBuild&, const PluginBuild&) = default;
};

// The note's text, "key=value" lines (optimized=0|1, build_type, flags, compiler); nullopt
// when it has no optimized line, so a note of another format is never taken for a build.
std::optional<PluginBuild> parse_plugin_build(std::string_view note_text);

// "optimised, Release, GNU 12.2.0, -O3 -DNDEBUG"; "not recorded (...)" for none.
std::string describe(const std::optional<PluginBuild>& build);

// The warning a run and `runner validate` give for a plugin built without optimisation, or
// nullopt when it was optimised or its build is not recorded.
std::optional<std::string> unoptimised_warning(std::string_view plugin,
                                               const std::optional<PluginBuild>& build);

// {"optimized", "build_type", "flags", "compiler"}, as summary.json (ordered) and the probe's
// message (nlohmann::json) carry it.
template <typename Json>
Json plugin_build_json(const PluginBuild& build) {
  return Json{{"optimized", build.optimized},
              {"build_type", build.build_type},
              {"flags", build.flags},
              {"compiler", build.compiler}};
}
// Throws nlohmann::json::exception when a member is missing or of the wrong type.
PluginBuild plugin_build_from_json(const nlohmann::json& json);

}  // namespace rb
