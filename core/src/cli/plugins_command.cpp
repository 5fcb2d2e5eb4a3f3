#include "cli/plugins_command.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <iostream>

#include "cli/exit_codes.h"
#include "cli/option_listing.h"
#include "cli/plugin_resolver.h"
#include "plugin/abi_version.h"
#include "plugin/probe.h"
#include "plugin/search_dirs.h"
#include "reactorbench/plugin.h"
#include "text/printable.h"

namespace rb::cli {

int plugins_command(const std::vector<std::filesystem::path>& plugin_path, bool as_json,
                    bool allow_unsafe_plugins) {
  const PluginResolver resolver(plugin_path, plugin::current_executable(), allow_unsafe_plugins);
  const auto& registry = resolver.registry();

  if (as_json) {
    nlohmann::json out = {{"search_dirs", nlohmann::json::array()},
                          {"plugins", nlohmann::json::array()},
                          {"failures", nlohmann::json::array()}};
    for (const auto& d : resolver.search_dirs()) out["search_dirs"].push_back(d.string());
    for (const auto& p : registry.plugins()) out["plugins"].push_back(plugin::to_json(p));
    for (const auto& [path, error] : registry.failures())
      out["failures"].push_back({{"path", path.string()}, {"error", error}});
    std::cout << out.dump(2) << '\n';
    return kExitOk;
  }

  std::cout << fmt::format("{:<18} {:<8} {:<52} {:<5} {:<12} {}\n", "NAME", "VERSION",
                           "WRAPS (RUN-TIME VERSION)", "ABI", "WORKLOADS", "PATH");
  // Every string but the ABI comes from the plugin or the file system: escaped, one row each.
  using text::printable;
  for (const auto& p : registry.plugins())
    std::cout << fmt::format(
        "{:<18} {:<8} {:<52} {:<5} {:<12} {}\n", printable(p.name), printable(p.version),
        printable(p.library + " " + p.library_version), plugin::abi_version_string(p.abi_version),
        printable(fmt::format("{}", fmt::join(p.workloads, ","))), printable(p.path.string()));
  if (registry.plugins().empty()) std::cout << "(no plugins found)\n";
  for (const auto& [path, error] : registry.failures())
    std::cout << fmt::format("failed to load {}: {}\n", printable(path.string()), printable(error));
  std::string searched;
  for (const auto& dir : resolver.search_dirs())
    searched += (searched.empty() ? "" : ":") + printable(dir.string());
  std::cout << "searched: " << searched << '\n';
  return kExitOk;
}

int plugin_options_command(const std::vector<std::filesystem::path>& plugin_path,
                           const std::string& name, bool as_json, bool allow_unsafe_plugins) {
  const PluginResolver resolver(plugin_path, plugin::current_executable(), allow_unsafe_plugins);
  plugin::PluginInfo info;
  try {
    info = resolver.resolve(name);
  } catch (const plugin::LoadError& e) {
    std::cerr << "error: " << text::printable_lines(e.what()) << '\n';
    return kExitUsage;
  }
  if (!as_json) {
    std::cout << format_option_listing(info);
    return kExitOk;
  }
  nlohmann::json options = nlohmann::json::array();
  for (const auto& option : info.options) options.push_back(plugin::to_json(option));
  const nlohmann::json out = {{"name", info.name},
                              {"abi", plugin::abi_version_string(info.abi_version)},
                              {"path", info.path.string()},
                              {"options", options}};
  std::cout << out.dump(2) << '\n';
  return kExitOk;
}

}  // namespace rb::cli
