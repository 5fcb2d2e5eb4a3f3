#include "config/plugin_section.h"

#include <algorithm>
#include <set>

#include "config/suggestion.h"

namespace rb::config {
namespace {

// --plugins a,b as the user typed it: each name positioned as in the joined list.
std::vector<NamedAt> requested_plugins(const std::vector<NamedAt>& configured,
                                       const std::vector<std::string>& requested,
                                       const PluginLookup* catalog, const Variants& variants) {
  std::vector<NamedAt> out;
  for_each_requested(requested, [&](const std::string& name, const SourcePos& pos) {
    if (find_named(configured, name) == nullptr && !variants.contains(name) &&
        (catalog == nullptr || !catalog->has_plugin(name))) {
      std::vector<std::string> candidates = names_of(configured);
      for (const auto& entry : variants)
        if (std::find(candidates.begin(), candidates.end(), entry.first) == candidates.end())
          candidates.push_back(entry.first);
      if (catalog != nullptr)
        for (auto& known : catalog->plugin_names())
          if (std::find(candidates.begin(), candidates.end(), known) == candidates.end())
            candidates.push_back(std::move(known));
      throw ConfigError(pos, "plugin " + in_quotes(name) + " is not in the config's plugins" +
                                 (catalog != nullptr ? " and is not a known plugin" : "") +
                                 suggestion(name, candidates));
    }
    const NamedAt* in_config = find_named(configured, name);
    out.push_back({name, in_config != nullptr ? in_config->pos : pos});
  });
  return out;
}

}  // namespace

const NamedAt* find_named(const std::vector<NamedAt>& list, const std::string& name) {
  for (const auto& item : list)
    if (item.name == name) return &item;
  return nullptr;
}

std::vector<std::string> names_of(const std::vector<NamedAt>& list) {
  std::vector<std::string> names;
  for (const auto& item : list) names.push_back(item.name);
  return names;
}

void for_each_requested(const std::vector<std::string>& requested,
                        const std::function<void(const std::string&, const SourcePos&)>& each) {
  if (requested.empty())
    throw ConfigError({"--plugins", 1, 1}, "the plugin list must not be empty");
  std::set<std::string> seen;
  int col = 1;
  for (const auto& name : requested) {
    const SourcePos pos{"--plugins", 1, col};
    col += static_cast<int>(name.size()) + 1;
    if (name.empty()) throw ConfigError(pos, "empty plugin name");
    if (!seen.insert(name).second)
      throw ConfigError(pos, "duplicate plugin " + in_quotes(name) + " in --plugins");
    each(name, pos);
  }
}

namespace {

void check_against_catalog(const NamedAt& plugin, const PluginLookup& catalog,
                           const std::string& workload, const Variants& variants) {
  check_known_plugin(plugin.name, plugin.pos, catalog, variants);
  if (!offers_workload(catalog, variants, plugin.name, workload))
    throw ConfigError(plugin.pos, plugin_phrase(variants, plugin.name) +
                                      " does not offer workload " + in_quotes(workload));
}

}  // namespace

std::vector<NamedAt> read_plugins(const TomlReader& reader, const toml::table& root) {
  const toml::node* node = root.get("plugins");
  if (node == nullptr)
    reader.fail(reader.at(root), "missing required key 'plugins' (the list of plugins to compare)");
  const toml::array& list = reader.as_homogeneous_list(*node, "plugins");
  std::vector<NamedAt> plugins;
  std::set<std::string> seen;
  for (const auto& element : list) {
    const std::string& name = reader.as_string(element, "plugins");
    if (name.empty()) reader.fail(element, "plugins: empty plugin name");
    if (!seen.insert(name).second)
      reader.fail(element, "plugins: duplicate plugin " + in_quotes(name));
    plugins.push_back({name, reader.at(element)});
  }
  return plugins;
}

PluginOptions read_plugin_options(const TomlReader& reader, const toml::table& root,
                                  const std::vector<NamedAt>& plugins, const Variants& variants) {
  PluginOptions options;
  const toml::node* node = root.get("plugin_options");
  if (node == nullptr) return options;
  const toml::table& table = reader.as_table(*node, "[plugin_options]");
  for (const auto& [key, value] : reader.entries(table))
    if (variants.contains(std::string(key->str())))
      reader.fail(reader.at(*key),
                  "[plugin_options." + printable(key->str()) + "]: " + in_quotes(key->str()) +
                      " is a variant; its options go in [variants." + printable(key->str()) + "]");
  std::vector<std::string> allowed;
  for (const auto& plugin : plugins) {
    const std::string& base = base_of(variants, plugin.name);
    if (std::find(allowed.begin(), allowed.end(), base) == allowed.end()) allowed.push_back(base);
  }
  reader.reject_unknown_keys(table, allowed,
                             "in [plugin_options] (keys are plugins of this config)");
  for (const auto& [plugin_key, plugin_node] : reader.entries(table)) {
    const std::string plugin(plugin_key->str());
    const toml::table& values =
        reader.as_table(*plugin_node, "[plugin_options." + printable(plugin) + "]");
    auto& pairs = options[plugin];
    for (const auto& [key, value] : reader.entries(values)) {
      if (!value->is_value())
        reader.fail(*value, "plugin option " + in_quotes(key->str()) +
                                ": expected a string, number or boolean, got " +
                                type_phrase(value->type()));
      pairs.emplace_back(std::string(key->str()), render_scalar(*value));
    }
  }
  return options;
}

std::vector<std::string> select_plugins(const std::vector<NamedAt>& configured,
                                        const std::optional<std::vector<std::string>>& requested,
                                        const PluginLookup* catalog, const std::string& workload,
                                        const Variants& variants) {
  const std::vector<NamedAt> selected =
      requested ? requested_plugins(configured, *requested, catalog, variants) : configured;
  if (catalog != nullptr)
    for (const auto& plugin : selected) check_against_catalog(plugin, *catalog, workload, variants);
  return names_of(selected);
}

}  // namespace rb::config
