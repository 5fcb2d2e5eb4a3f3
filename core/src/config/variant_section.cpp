#include "config/variant_section.h"

#include <algorithm>

#include "config/nearest.h"

namespace rb::config {
namespace {

constexpr const char* kPluginKey = "plugin";

std::string header_of(const std::string& name) {
  return "[variants." + printable(name) + "]";
}

// The base named by `plugin = "..."`, checked against the other variants and the catalog.
std::string read_base(const TomlReader& reader, const toml::table& variant, const std::string& name,
                      const toml::table& all, const SourcePos& name_pos,
                      const PluginCatalog* catalog) {
  const toml::node* node = variant.get(kPluginKey);
  if (node == nullptr)
    reader.fail(name_pos, header_of(name) +
                              ": missing required key 'plugin' (the plugin the "
                              "variant runs with its options)");
  const std::string& base = reader.as_string(*node, header_of(name) + " plugin");
  if (base.empty()) reader.fail(*node, header_of(name) + " plugin: empty plugin name");
  if (all.get(base) != nullptr)
    reader.fail(*node, header_of(name) + " plugin: " + in_quotes(base) +
                           " is a variant; a variant's plugin must be a plugin (variants do not "
                           "nest: copy its options here instead)");
  if (catalog != nullptr && !catalog->has_plugin(base))
    reader.fail(*node, header_of(name) + " plugin: unknown plugin " + in_quotes(base) +
                           suggestion(base, catalog->plugin_names()));
  return base;
}

}  // namespace

Variants read_variants(const TomlReader& reader, const toml::table& root,
                       const PluginCatalog* catalog) {
  Variants variants;
  const toml::node* node = root.get("variants");
  if (node == nullptr) return variants;
  const toml::table& table = reader.as_table(*node, "[variants]");
  for (const auto& [name_key, variant_node] : reader.entries(table)) {
    const std::string name(name_key->str());
    const SourcePos name_pos = reader.at(*name_key);
    if (name.empty()) reader.fail(name_pos, "[variants]: empty variant name");
    if (name.find('/') != std::string::npos)
      reader.fail(name_pos, header_of(name) +
                                ": a variant's name must not contain '/' (it "
                                "separates server and client in a pair's label)");
    if (catalog != nullptr && catalog->has_plugin(name))
      reader.fail(name_pos, header_of(name) + ": " + in_quotes(name) +
                                " is the name of a plugin; give the variant a name of its own");
    const toml::table& values = reader.as_table(*variant_node, header_of(name));
    Variant variant;
    variant.plugin = read_base(reader, values, name, table, name_pos, catalog);
    for (const auto& [key, value] : reader.entries(values)) {
      if (key->str() == kPluginKey) continue;
      if (!value->is_value())
        reader.fail(*value, header_of(name) + ": plugin option " + in_quotes(key->str()) +
                                ": expected a string, number or boolean, got " +
                                type_phrase(value->type()));
      variant.options.emplace_back(std::string(key->str()), render_scalar(*value));
    }
    variants.emplace(name, std::move(variant));
  }
  return variants;
}

const std::string& base_of(const Variants& variants, const std::string& name) {
  const auto it = variants.find(name);
  return it != variants.end() ? it->second.plugin : name;
}

void check_known_plugin(const std::string& name, const SourcePos& pos, const PluginCatalog& catalog,
                        const Variants& variants) {
  if (variants.contains(name) || catalog.has_plugin(name)) return;
  std::vector<std::string> candidates = catalog.plugin_names();
  for (const auto& entry : variants) candidates.push_back(entry.first);
  throw ConfigError(pos, "unknown plugin " + in_quotes(name) + suggestion(name, candidates));
}

std::string plugin_phrase(const Variants& variants, const std::string& name) {
  const auto it = variants.find(name);
  if (it == variants.end()) return "plugin " + in_quotes(name);
  return "plugin " + in_quotes(it->second.plugin) + " (of variant " + in_quotes(name) + ")";
}

rb::PluginOptionList merge_options(rb::PluginOptionList base_options,
                                   const rb::PluginOptionList& own) {
  // Not a structured binding: clang 14 (the fuzz build) cannot capture one in a lambda.
  for (const auto& option : own) {
    const auto same =
        std::find_if(base_options.begin(), base_options.end(),
                     [&option](const auto& base) { return base.first == option.first; });
    if (same != base_options.end())
      same->second = option.second;
    else
      base_options.push_back(option);
  }
  return base_options;
}

}  // namespace rb::config
