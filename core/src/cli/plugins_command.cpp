#include "cli/plugins_command.h"
#include "cli/shared_options.h"

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
#include "text/text_table.h"

namespace rb::cli {
namespace {

// The widest a column of text from the plugin gets: a plugin's long version string or long
// list of workloads is cut with an ellipsis (--json has it whole) rather than pushing the
// columns after it out of line.
constexpr std::size_t kNameWidth = 24;
constexpr std::size_t kVersionWidth = 16;
constexpr std::size_t kWrapsWidth = 44;
constexpr std::size_t kWorkloadsWidth = 44;

std::string plugins_table(const std::vector<plugin::PluginInfo>& plugins) {
  // Every string but the ABI comes from the plugin or the file system: printable, one row
  // each, and cut after it is made printable, so the width counted is the width shown.
  using text::cut_to_width;
  using text::printable;
  text::TextTable table;
  table.header = {"NAME", "VERSION", "WRAPS (RUN-TIME VERSION)", "ABI", "WORKLOADS", "PATH"};
  bool cut = false;
  const auto column = [&cut](const std::string& text, std::size_t width) {
    const std::string shown = cut_to_width(printable(text), width);
    cut = cut || shown != printable(text);
    return shown;
  };
  for (const auto& p : plugins)
    table.rows.push_back({column(p.name, kNameWidth), column(p.version, kVersionWidth),
                          column(p.library + " " + p.library_version, kWrapsWidth),
                          plugin::abi_version_string(p.abi_version),
                          column(fmt::format("{}", fmt::join(p.workloads, ",")), kWorkloadsWidth),
                          printable(p.path.string())});
  std::string out = plugins.empty() ? std::string() : text::render_text(table);
  if (cut) out += "(\u2026: cut to fit its column; runner plugins --json shows it whole)\n";
  return out;
}

}  // namespace

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

  std::cout << plugins_table(registry.plugins());
  using text::printable;
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

CLI::App* PluginsCommand::add_to(CLI::App& app) {
  auto* cmd = app.add_subcommand("plugins", "List the plugins found and why others failed");
  cmd->add_flag("--json", args_.json, "machine-readable output");
  add_plugin_search_options(*cmd, args_.plugin_path, args_.allow_unsafe_plugins);
  cmd->add_option("--options", args_.options,
                  "list the options this plugin (a name or a .so) declares");
  return cmd;
}

int plugins_command(const PluginsArgs& args) {
  if (!args.options.empty())
    return plugin_options_command(args.plugin_path, args.options, args.json,
                                  args.allow_unsafe_plugins);
  return plugins_command(args.plugin_path, args.json, args.allow_unsafe_plugins);
}

}  // namespace rb::cli
