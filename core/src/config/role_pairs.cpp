#include "config/role_pairs.h"

#include <algorithm>
#include <set>

#include "config/suggestion.h"

namespace rb::config {
namespace {

bool offers_role(const PluginLookup& catalog, const Variants& variants, const std::string& plugin,
                 const std::string& role, const std::string& workload) {
  return offers_workload(catalog, variants, plugin, workload) ||
         offers_workload(catalog, variants, plugin, workload + "_" + role);
}

void check_role(const NamedAt& plugin, const std::string& role, const PluginLookup& catalog,
                const std::string& workload, const Variants& variants) {
  check_known_plugin(plugin.name, plugin.pos, catalog, variants);
  if (!offers_role(catalog, variants, plugin.name, role, workload))
    throw ConfigError(plugin.pos, plugin_phrase(variants, plugin.name) + " does not offer the " +
                                      workload + " " + role + " role");
}

// The role's list as --plugins narrows it, keeping the list's order.
std::vector<NamedAt> narrowed(const std::vector<NamedAt>& list,
                              const std::optional<std::vector<std::string>>& requested,
                              const std::string& role) {
  if (!requested) return list;
  std::vector<NamedAt> out;
  for (const auto& item : list)
    if (std::find(requested->begin(), requested->end(), item.name) != requested->end())
      out.push_back(item);
  if (out.empty()) {
    const std::vector<std::string> names = names_of(list);
    throw ConfigError({"--plugins", 1, 1}, "--plugins leaves no " + role +
                                               " plugin (the config's " + role +
                                               " plugins: " + join(names) + ")");
  }
  return out;
}

// Each --plugins name must appear somewhere in the config's lists.
void check_requested(const std::vector<std::string>& requested, const std::vector<NamedAt>& known) {
  const std::vector<std::string> names = names_of(known);
  for_each_requested(requested, [&](const std::string& name, const SourcePos& pos) {
    if (find_named(known, name) == nullptr)
      throw ConfigError(pos, "plugin " + in_quotes(name) + " is not in the config's plugins" +
                                 suggestion(name, names));
  });
}

}  // namespace

std::vector<NamedAt> read_role_list(const TomlReader& reader, const toml::node& node,
                                    const std::string& role) {
  const toml::array& list = reader.as_homogeneous_list(node, role);
  std::vector<NamedAt> plugins;
  std::set<std::string> seen;
  for (const auto& element : list) {
    const std::string& name = reader.as_string(element, role);
    if (name.empty()) reader.fail(element, role + ": empty plugin name");
    if (!seen.insert(name).second)
      reader.fail(element, role + ": duplicate plugin " + in_quotes(name));
    plugins.push_back({name, reader.at(element)});
  }
  return plugins;
}

std::vector<NamedAt> every_named_plugin(const PairingInput& input) {
  std::vector<NamedAt> out;
  auto add = [&out](const std::vector<NamedAt>& list) {
    for (const auto& item : list)
      if (find_named(out, item.name) == nullptr) out.push_back(item);
  };
  add(input.configured);
  for (const char* role : {kServerRole, kClientRole})
    if (const auto it = input.roles.find(role); it != input.roles.end()) add(it->second);
  return out;
}

std::vector<PluginPair> plan_pairs(const PairingInput& input, const PluginLookup* catalog) {
  const auto role_list = [&](const char* role) -> const std::vector<NamedAt>& {
    const auto it = input.roles.find(role);
    return it != input.roles.end() ? it->second : input.configured;
  };
  const std::vector<NamedAt>& servers_given = role_list(kServerRole);
  const std::vector<NamedAt>& clients_given = role_list(kClientRole);
  if (servers_given.empty() || clients_given.empty())
    throw ConfigError(input.missing_pos,
                      "missing required key 'plugins' (the plugins to compare, each against "
                      "itself), or [matrix] server = [...] and client = [...]");
  if (input.requested) check_requested(*input.requested, every_named_plugin(input));

  const bool self_pairs = input.roles.empty();
  std::vector<NamedAt> servers = narrowed(servers_given, input.requested, kServerRole);
  std::vector<NamedAt> clients = narrowed(clients_given, input.requested, kClientRole);
  if (self_pairs && input.requested) {
    // As for one-process workloads, --plugins also sets the order.
    std::vector<NamedAt> ordered;
    for (const auto& name : *input.requested)
      if (const NamedAt* item = find_named(servers, name)) ordered.push_back(*item);
    servers = clients = ordered;
  }
  if (catalog != nullptr) {
    for (const auto& server : servers)
      check_role(server, kServerRole, *catalog, input.workload, input.variants);
    for (const auto& client : clients)
      check_role(client, kClientRole, *catalog, input.workload, input.variants);
  }

  std::vector<PluginPair> pairs;
  if (self_pairs) {
    for (const auto& plugin : servers) pairs.push_back({plugin.name, plugin.name});
    return pairs;
  }
  for (const auto& server : servers)
    for (const auto& client : clients) pairs.push_back({server.name, client.name});
  return pairs;
}

std::vector<std::string> plugins_of(const std::vector<PluginPair>& pairs) {
  std::vector<std::string> out;
  auto add = [&out](const std::string& name) {
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  };
  for (const auto& pair : pairs) add(pair.server);
  for (const auto& pair : pairs) add(pair.client);
  return out;
}

}  // namespace rb::config
