#include "model/plugin_build.h"

#include <fmt/format.h>

namespace rb {

std::optional<PluginBuild> parse_plugin_build(std::string_view note_text) {
  PluginBuild build;
  bool have_optimized = false;
  while (!note_text.empty()) {
    const auto end = note_text.find('\n');
    const std::string_view line = note_text.substr(0, end);
    note_text = end == std::string_view::npos ? std::string_view{} : note_text.substr(end + 1);
    const auto equals = line.find('=');
    if (equals == std::string_view::npos) continue;
    const std::string_view key = line.substr(0, equals);
    const std::string value(line.substr(equals + 1));
    if (key == "optimized" && (value == "0" || value == "1")) {
      build.optimized = value == "1";
      have_optimized = true;
    } else if (key == "build_type") {
      build.build_type = value;
    } else if (key == "flags") {
      build.flags = value;
    } else if (key == "compiler") {
      build.compiler = value;
    }
  }
  if (!have_optimized) return std::nullopt;
  return build;
}

std::string describe(const std::optional<PluginBuild>& build) {
  if (!build)
    return "not recorded (built without reactorbench_add_plugin, or before it recorded builds)";
  std::string text = build->optimized ? "optimised" : "NOT optimised";
  text += build->build_type.empty() ? ", no build type" : ", " + build->build_type;
  if (!build->compiler.empty()) text += ", " + build->compiler;
  if (!build->flags.empty()) text += ", flags: " + build->flags;
  return text;
}

std::optional<std::string> unoptimised_warning(std::string_view plugin,
                                               const std::optional<PluginBuild>& build) {
  if (!build || build->optimized) return std::nullopt;
  return fmt::format(
      "plugin '{}' was built without optimisation ({}{}): its numbers measure the compiler's "
      "-O0, not the library (build it with -DCMAKE_BUILD_TYPE=Release, or RelWithDebInfo)",
      plugin, build->build_type.empty() ? "no build type" : "build type " + build->build_type,
      build->flags.empty() ? "" : ", flags: " + build->flags);
}

PluginBuild plugin_build_from_json(const nlohmann::json& json) {
  PluginBuild build;
  json.at("optimized").get_to(build.optimized);
  json.at("build_type").get_to(build.build_type);
  json.at("flags").get_to(build.flags);
  json.at("compiler").get_to(build.compiler);
  return build;
}

}  // namespace rb
