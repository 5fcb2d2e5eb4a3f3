#include "config/variant_section.h"

#include <algorithm>
#include <exception>
#include <filesystem>

#include "config/suggestion.h"

namespace rb::config {
namespace {

constexpr const char* kPluginKey = "plugin";
constexpr const char* kPathKey = "path";

std::string header_of(const std::string& name) {
  return "[variants." + printable(name) + "]";
}

// The base named by `plugin = "..."`, checked against the other variants and, unless the
// variant loads a file of its own (`by_path`), the catalog.
std::string read_base(const TomlReader& reader, const toml::node& node, const std::string& name,
                      const toml::table& all, const PluginLookup* catalog, bool by_path) {
  const std::string& base = reader.as_string(node, header_of(name) + " plugin");
  if (base.empty()) reader.fail(node, header_of(name) + " plugin: empty plugin name");
  if (all.get(base) != nullptr)
    reader.fail(node, header_of(name) + " plugin: " + in_quotes(base) +
                          " is a variant; a variant's plugin must be a plugin (variants do not "
                          "nest: copy its options here instead)");
  if (catalog != nullptr && !by_path && !catalog->has_plugin(base))
    reader.fail(node, header_of(name) + " plugin: unknown plugin " + in_quotes(base) +
                          suggestion(base, catalog->plugin_names()));
  return base;
}

// `path = "..."`: the plugin file, relative to the config file's directory, made absolute so
// that the run records (and the cells load) one unambiguous file whatever their directory.
std::string read_path(const TomlReader& reader, const toml::node& node, const std::string& name) {
  const std::string& text = reader.as_string(node, header_of(name) + " path");
  if (text.empty()) reader.fail(node, header_of(name) + " path: empty path");
  const std::filesystem::path config_dir = std::filesystem::path(reader.file()).parent_path();
  return std::filesystem::absolute(config_dir / text).lexically_normal().string();
}

// Without a catalog nothing is probed: the name is `plugin`, or the file's stem as plugins
// are named (raw_epoll.so is raw-epoll).
std::string name_from_stem(const std::string& path) {
  std::string stem = std::filesystem::path(path).stem().string();
  std::replace(stem.begin(), stem.end(), '_', '-');
  return stem;
}

// Fills `variant` from `plugin` and `path`: at least one; with a catalog the file is probed
// (safety checks included) and its name is the base, which `plugin` must then agree with.
void read_base_and_path(const TomlReader& reader, const toml::table& values,
                        const std::string& name, const toml::table& all, const SourcePos& name_pos,
                        const PluginLookup* catalog, Variant& variant) {
  const toml::node* plugin_node = values.get(kPluginKey);
  const toml::node* path_node = values.get(kPathKey);
  if (plugin_node == nullptr && path_node == nullptr)
    reader.fail(name_pos, header_of(name) +
                              ": missing required key 'plugin' (the plugin the variant runs "
                              "with its options) or 'path' (a plugin file it loads)");
  if (plugin_node != nullptr)
    variant.plugin = read_base(reader, *plugin_node, name, all, catalog, path_node != nullptr);
  if (path_node == nullptr) return;
  variant.path = read_path(reader, *path_node, name);
  if (catalog == nullptr) {
    if (plugin_node == nullptr) variant.plugin = name_from_stem(variant.path);
    return;
  }
  PluginFile file;
  try {
    file = catalog->probe_file(variant.path);
  } catch (const std::exception& error) {
    reader.fail(*path_node, header_of(name) + " path: " + printable(error.what()));
  }
  if (plugin_node != nullptr && file.name != variant.plugin)
    reader.fail(*plugin_node, header_of(name) + " plugin: " + in_quotes(variant.plugin) +
                                  ", but the file at 'path' is plugin " + in_quotes(file.name) +
                                  " (" + printable(variant.path) + ")");
  variant.plugin = std::move(file.name);
  variant.workloads = std::move(file.workloads);
  variant.declared = std::move(file.options);
}

}  // namespace

Variants read_variants(const TomlReader& reader, const toml::table& root,
                       const PluginLookup* catalog) {
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
    read_base_and_path(reader, values, name, table, name_pos, catalog, variant);
    for (const auto& [key, value] : reader.entries(values)) {
      if (key->str() == kPluginKey || key->str() == kPathKey) continue;
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

bool offers_workload(const PluginLookup& catalog, const Variants& variants, const std::string& name,
                     const std::string& workload) {
  const auto it = variants.find(name);
  if (it != variants.end() && !it->second.path.empty())
    return std::find(it->second.workloads.begin(), it->second.workloads.end(), workload) !=
           it->second.workloads.end();
  return catalog.supports(base_of(variants, name), workload);
}

void check_known_plugin(const std::string& name, const SourcePos& pos, const PluginLookup& catalog,
                        const Variants& variants) {
  if (variants.contains(name) || catalog.has_plugin(name)) return;
  std::vector<std::string> candidates = catalog.plugin_names();
  for (const auto& entry : variants) candidates.push_back(entry.first);
  throw ConfigError(pos, "unknown plugin " + in_quotes(name) + suggestion(name, candidates));
}

std::string plugin_phrase(const Variants& variants, const std::string& name) {
  const auto it = variants.find(name);
  if (it == variants.end()) return "plugin " + in_quotes(name);
  const std::string from = it->second.path.empty() ? "" : " at " + printable(it->second.path);
  return "plugin " + in_quotes(it->second.plugin) + from + " (of variant " + in_quotes(name) + ")";
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
