#include "config/server_section.h"

#include <algorithm>
#include <filesystem>

#include "config/suggestion.h"
#include "workload/registry.h"

namespace rb::config {
namespace {

// {port}, {host} and the server's axes, in that order.
std::vector<std::string> placeholder_names(const workload::WorkloadEntry& entry) {
  std::vector<std::string> names = {"port", "host"};
  for (const auto& param : entry.server_params) names.push_back(param.name);
  return names;
}

std::string braced_list(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& name : names) out += (out.empty() ? "{" : ", {") + name + "}";
  return out;
}

ExternalServer read_command(const TomlReader& reader, const toml::node& node,
                            const std::string& what, const workload::WorkloadEntry& entry) {
  const toml::array& list = reader.as_homogeneous_list(node, what);
  const std::vector<std::string> known = placeholder_names(entry);
  ExternalServer server;
  bool has_port = false;
  for (const auto& element : list) {
    const std::string& argument = reader.as_string(element, what);
    if (server.command.empty() && argument.empty())
      reader.fail(element, what + ": the program (the first element) is empty");
    for (const auto& name : placeholders_in(argument)) {
      if (std::find(known.begin(), known.end(), name) == known.end())
        reader.fail(element, what + ": unknown placeholder {" + printable(name) + "} (the " +
                                 entry.name + " server's are " + braced_list(known) + ")" +
                                 suggestion(name, known));
      has_port = has_port || name == "port";
    }
    server.command.push_back(argument);
  }
  if (!has_port)
    reader.fail(node, what +
                          ": no {port} in it: the runner picks a free port for each round and "
                          "passes it to the program as {port}");
  return server;
}

ExternalServer read_target(const TomlReader& reader, const toml::node& node,
                           const std::string& what) {
  const std::string& text = reader.as_string(node, what);
  std::string why;
  if (!parse_endpoint(text, false, why))
    reader.fail(node, what + " " + in_quotes(text) + ": " + why);
  return ExternalServer{{}, text};
}

// What a [servers.NAME] table or [run] may say about a server: one of command and target.
ExternalServer read_one(const TomlReader& reader, const toml::node* command,
                        const toml::node* target, const std::string& command_key,
                        const std::string& where, const workload::WorkloadEntry& entry) {
  if (command != nullptr && target != nullptr)
    reader.fail(*target, where + ": " + command_key +
                             " and target both say what the server is; give one of them");
  if (command != nullptr) return read_command(reader, *command, command_key, entry);
  return read_target(reader, *target, "target");
}

const workload::WorkloadEntry& servable_entry(const TomlReader& reader, const SourcePos& pos,
                                              const WorkloadSchema& schema) {
  const workload::WorkloadEntry* entry = workload::find_entry(schema.name);
  if (entry == nullptr || !entry->servable()) {
    std::vector<std::string> servable;
    for (const auto& candidate : workload::registry())
      if (candidate.servable()) servable.push_back(candidate.name);
    reader.fail(pos, "workload " + in_quotes(schema.name) +
                         " has no server for another program to stand in for (those with one: " +
                         join(servable) + ")");
  }
  return *entry;
}

// [run] target / server_command: the run-wide server and its label.
void read_run_wide(const TomlReader& reader, const toml::table& root, const WorkloadSchema& schema,
                   ServerSection& section) {
  const toml::table* run = root.get("run") != nullptr ? root.get("run")->as_table() : nullptr;
  if (run == nullptr) return;
  const toml::node* command = run->get("server_command");
  const toml::node* target = run->get("target");
  if (command == nullptr && target == nullptr) return;
  const toml::node& given = command != nullptr ? *command : *target;
  const workload::WorkloadEntry& entry = servable_entry(reader, reader.at(given), schema);
  ExternalServer server = read_one(reader, command, target, "server_command", "[run]", entry);
  const std::string label = server.is_command()
                                ? std::filesystem::path(server.command.front()).filename().string()
                                : server.target;
  section.run_wide = NamedAt{label, reader.at(given)};
  section.servers.emplace(label, std::move(server));
}

}  // namespace

ServerSection read_servers(const TomlReader& reader, const toml::table& root,
                           const WorkloadSchema& schema, const PluginLookup* catalog) {
  ServerSection section;
  read_run_wide(reader, root, schema, section);
  const toml::node* node = root.get("servers");
  if (node == nullptr) return section;
  const toml::table& table = reader.as_table(*node, "[servers]");
  if (section.run_wide)
    reader.fail(*node, "[servers] cannot be used with [run] target or server_command (" +
                           section.run_wide->pos.str() + "), which names the server of every cell");
  const workload::WorkloadEntry& entry = servable_entry(reader, reader.at(*node), schema);
  for (const auto& [key, value] : reader.entries(table)) {
    const std::string name(key->str());
    const std::string where = "[servers." + printable(name) + "]";
    if (name.empty()) reader.fail(reader.at(*key), "[servers]: empty server name");
    if (catalog != nullptr && catalog->has_plugin(name))
      reader.fail(reader.at(*key), where + ": " + in_quotes(name) +
                                       " is the name of a plugin; give the server another");
    const toml::table& server = reader.as_table(*value, where);
    reader.reject_unknown_keys(server, {"command", "target"}, "in " + where);
    const toml::node* command = server.get("command");
    const toml::node* target = server.get("target");
    if (command == nullptr && target == nullptr)
      reader.fail(*value, where +
                              ": missing key 'command' (the program to start, with {port}) "
                              "or 'target' (\"HOST:PORT\" of a server already running)");
    section.servers.emplace(name, read_one(reader, command, target, "command", where, entry));
  }
  return section;
}

ServerAwareLookup::ServerAwareLookup(const PluginLookup& plugins, const ServerSection& servers,
                                     std::string offered_as)
    : plugins_(plugins), offered_as_(std::move(offered_as)) {
  for (const auto& [label, server] : servers.servers) servers_.insert(label);
}

bool ServerAwareLookup::is_server(std::string_view name) const {
  return servers_.find(name) != servers_.end();
}

bool ServerAwareLookup::has_plugin(std::string_view name) const {
  return is_server(name) || plugins_.has_plugin(name);
}

bool ServerAwareLookup::supports(std::string_view plugin, std::string_view workload) const {
  if (is_server(plugin)) return workload == offered_as_;
  return plugins_.supports(plugin, workload);
}

std::vector<std::string> ServerAwareLookup::plugin_names() const {
  std::vector<std::string> names = plugins_.plugin_names();
  names.insert(names.end(), servers_.begin(), servers_.end());
  return names;
}

PluginFile ServerAwareLookup::probe_file(const std::filesystem::path& file) const {
  return plugins_.probe_file(file);
}

std::vector<rb::DeclaredOption> ServerAwareLookup::declared_options(std::string_view plugin) const {
  if (is_server(plugin)) return {};
  return plugins_.declared_options(plugin);
}

}  // namespace rb::config
