#include "cli/plugin_scaffold.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>

#include "cli/new_plugin_templates.h"
#include "workload/registry.h"

namespace rb::cli {
namespace {

std::string replaced(std::string text, std::string_view placeholder, std::string_view value) {
  for (auto at = text.find(placeholder); at != std::string::npos;
       at = text.find(placeholder, at + value.size()))
    text.replace(at, placeholder.size(), value);
  return text;
}

bool offers(const std::vector<std::string>& workloads, std::string_view table) {
  return std::find(workloads.begin(), workloads.end(), table) != workloads.end();
}

// The C source of each table and the files it needs besides.
std::vector<std::string> sources_of(const std::vector<std::string>& workloads) {
  std::vector<std::string> sources = {"entry.c", "options.c"};
  for (const auto& table : workloads) sources.push_back(table + ".c");
  if (offers(workloads, "pingpong_server") || offers(workloads, "rr_server"))
    sources.push_back("server_loop.c");
  return sources;
}

// The config of each table, and how the README runs it.
struct ConfigFile {
  std::string table, file;
};
std::vector<ConfigFile> configs_of(const std::vector<std::string>& workloads) {
  std::vector<ConfigFile> configs;
  for (const auto& table : workloads) {
    // One pingpong config, for whichever roles the plugin plays.
    if (table == "pingpong_client" && offers(workloads, "pingpong_server")) continue;
    if (table.starts_with("pingpong_"))
      configs.push_back({table, "pingpong.toml"});
    else
      configs.push_back({table, table == "rr_server" ? "rr.toml" : table + ".toml"});
  }
  return configs;
}

std::string entry_c(const std::vector<std::string>& workloads) {
  std::string declarations, members;
  for (const auto& table : workloads) {
    declarations += fmt::format("extern const rb_{}_ops RB_TEMPLATE_IDENT_{}_ops;\n", table, table);
    members += fmt::format("    .{} = &RB_TEMPLATE_IDENT_{}_ops,\n", table, table);
  }
  return replaced(replaced(std::string(new_plugin_template("entry.c")),
                           "/* RB_TEMPLATE_TABLE_DECLARATIONS */\n", declarations),
                  "    /* RB_TEMPLATE_TABLE_MEMBERS */\n", members);
}

std::string cmake_lists(const std::vector<std::string>& workloads) {
  std::string lines;
  for (const auto& source : sources_of(workloads)) lines += "  " + source + "\n";
  lines.pop_back();  // the template's closing parenthesis follows the last source
  return replaced(std::string(new_plugin_template("CMakeLists.txt")), "@SOURCES@", lines);
}

std::string readme(const std::vector<std::string>& workloads) {
  std::string runs;
  for (const auto& config : configs_of(workloads))
    runs += fmt::format("runner {} --plugin-path build\n", config.file);
  return replaced(replaced(std::string(new_plugin_template("README.md")), "@RUN_LINES@", runs),
                  "@WORKLOADS@", fmt::format("{}", fmt::join(workloads, ", ")));
}

// pingpong: the plugin against itself when it plays both roles, else against raw-epoll's
// other role.
std::string pingpong_config(const std::vector<std::string>& workloads) {
  const bool server = offers(workloads, "pingpong_server");
  const bool client = offers(workloads, "pingpong_client");
  const std::string pairing = server && client
                                  ? "Here RB_TEMPLATE_NAME plays both roles against itself."
                              : server ? "Here RB_TEMPLATE_NAME's server meets raw-epoll's client."
                                       : "Here RB_TEMPLATE_NAME's client meets raw-epoll's server.";
  const std::string peer = server && client ? ""
                           : server         ? "client = [\"raw-epoll\"]\n"
                                            : "server = [\"raw-epoll\"]\n";
  return replaced(replaced(std::string(new_plugin_template("pingpong.toml")), "@PAIRING@", pairing),
                  "@PEER_LINE@", peer);
}

std::string config_text(const std::string& table, const std::vector<std::string>& workloads) {
  if (table.starts_with("pingpong_")) return pingpong_config(workloads);
  if (table == "rr_server") return std::string(new_plugin_template("rr.toml"));
  return std::string(new_plugin_template(table + ".toml"));
}

}  // namespace

const std::vector<std::string>& scaffold_workloads() {
  static const std::vector<std::string> tables = workload::option_tables();
  return tables;
}

namespace {

// "pingpong means pingpong_server and pingpong_client, rr means rr_server": the workloads
// whose descriptor tables go by other names than their own.
std::string workload_meanings() {
  std::vector<std::string> meanings;
  for (const auto& entry : workload::registry())
    if (entry.schema.abi_tables != std::vector<std::string>{entry.name})
      meanings.push_back(
          fmt::format("{} means {}", entry.name, fmt::join(entry.schema.abi_tables, " and ")));
  return fmt::format("{}", fmt::join(meanings, ", "));
}

// The descriptor tables an item of --workloads names: a workload's (pingpong: both roles) or
// one table by its own name.
std::vector<std::string> tables_named(const std::string& item) {
  if (const auto* entry = workload::find_entry(item)) return entry->schema.abi_tables;
  if (offers(scaffold_workloads(), item)) return {item};
  throw std::invalid_argument(fmt::format("new-plugin: unknown workload '{}' (known: {}; {})", item,
                                          fmt::join(scaffold_workloads(), ", "),
                                          workload_meanings()));
}

}  // namespace

std::vector<std::string> parse_scaffold_workloads(const std::vector<std::string>& items) {
  std::vector<std::string> asked;
  for (const auto& item : items) {
    const auto tables = tables_named(item);
    asked.insert(asked.end(), tables.begin(), tables.end());
  }
  if (asked.empty()) throw std::invalid_argument("new-plugin: --workloads names no workload");
  std::vector<std::string> tables;
  for (const auto& table : scaffold_workloads())
    if (offers(asked, table)) tables.push_back(table);
  return tables;
}

void check_plugin_name(std::string_view name) {
  const bool valid = !name.empty() && name.front() >= 'a' && name.front() <= 'z' &&
                     std::all_of(name.begin(), name.end(), [](char c) {
                       return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
                     });
  if (!valid)
    throw std::invalid_argument(fmt::format(
        "new-plugin: the name '{}' is no plugin name: [a-z0-9-]+, starting with a letter", name));
}

std::vector<ScaffoldFile> plugin_scaffold(std::string_view name,
                                          const std::vector<std::string>& workloads) {
  check_plugin_name(name);
  std::string ident(name);
  std::replace(ident.begin(), ident.end(), '-', '_');
  std::vector<ScaffoldFile> files = {{"CMakeLists.txt", cmake_lists(workloads)},
                                     {"README.md", readme(workloads)},
                                     {"entry.c", entry_c(workloads)},
                                     {"options.h", std::string(new_plugin_template("options.h"))},
                                     {"options.c", std::string(new_plugin_template("options.c"))}};
  for (const auto& table : workloads)
    files.push_back({table + ".c", std::string(new_plugin_template(table + ".c"))});
  if (offers(workloads, "pingpong_server") || offers(workloads, "rr_server")) {
    files.push_back({"server_loop.h", std::string(new_plugin_template("server_loop.h"))});
    files.push_back({"server_loop.c", std::string(new_plugin_template("server_loop.c"))});
  }
  for (const auto& config : configs_of(workloads))
    files.push_back({config.file, config_text(config.table, workloads)});
  for (auto& file : files)
    file.text = replaced(replaced(std::move(file.text), "RB_TEMPLATE_NAME", name),
                         "RB_TEMPLATE_IDENT", ident);
  return files;
}

}  // namespace rb::cli
