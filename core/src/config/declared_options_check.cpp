#include "config/declared_options_check.h"

#include <algorithm>

#include "config/suggestion.h"

namespace rb::config {
namespace {

using Entries = std::vector<std::pair<const toml::key*, const toml::node*>>;

// The ABI tables (plugin.h's descriptor members) `name` is driven through in this plan.
std::vector<std::string> tables_played(const TestPlan& plan, const WorkloadSchema& schema,
                                       const std::string& name) {
  if (schema.roles.empty()) return schema.abi_tables;
  std::vector<std::string> tables;
  const auto add = [&](const std::string& role) {
    const auto at = std::find(schema.roles.begin(), schema.roles.end(), role);
    const std::string& table = schema.abi_tables.at(at - schema.roles.begin());
    if (std::find(tables.begin(), tables.end(), table) == tables.end()) tables.push_back(table);
  };
  for (const auto& pair : plan.pairs) {
    if (pair.server == name) add(schema.roles.front());
    if (pair.client == name) add(schema.roles.back());
  }
  return tables;
}

// The scalar entries of `table` (another check already refused the rest), minus `skip`.
void append_entries(const TomlReader& reader, const toml::node* table, Entries& out,
                    const std::vector<std::string>& skip = {}) {
  if (table == nullptr || !table->is_table()) return;
  for (const auto& entry : reader.entries(*table->as_table()))
    if (std::find(skip.begin(), skip.end(), entry.first->str()) == skip.end()) out.push_back(entry);
}

// The options `name` is given, where the config gives them: its base's [plugin_options]
// table, then a variant's own keys.
Entries options_given(const TomlReader& reader, const toml::table& root, const std::string& name,
                      const Variants& variants) {
  Entries entries;
  const toml::node* by_plugin = root.get("plugin_options");
  if (by_plugin != nullptr && by_plugin->is_table())
    append_entries(reader, by_plugin->as_table()->get(base_of(variants, name)), entries);
  if (variants.contains(name)) {
    const toml::node* all = root.get("variants");
    append_entries(reader, all != nullptr && all->is_table() ? all->as_table()->get(name) : nullptr,
                   entries, {"plugin", "path"});
  }
  return entries;
}

std::vector<std::string> names_of(const std::vector<rb::DeclaredOption>& declared) {
  std::vector<std::string> names;
  for (const auto& option : declared) names.push_back(option.name);
  return names;
}

void check_entry(const TomlReader& reader, const toml::key& key, const toml::node& value,
                 const std::vector<rb::DeclaredOption>& declared,
                 const std::vector<std::string>& tables, const std::string& plugin) {
  const std::string name(key.str());
  const auto option = std::find_if(declared.begin(), declared.end(),
                                   [&](const auto& known) { return known.name == name; });
  if (option == declared.end())
    reader.fail(reader.at(key), plugin + " has no option " + in_quotes(name) +
                                    suggestion(name, names_of(declared)));
  for (const auto& table : tables)
    if (!applies_to(*option, table))
      reader.fail(reader.at(key), plugin + " option " + in_quotes(name) + " applies to " +
                                      join(option->workloads) + ", not to " + table);
  const std::string text = render_scalar(value);
  if (const auto problem = value_problem(*option, text)) {
    const std::string hint = option->type == rb::DeclaredOption::Type::choice
                                 ? suggestion(text, choices_of(*option))
                                 : "";
    // The choices are already in the problem; only a near one is worth adding.
    const bool near = hint.starts_with("; did you mean");
    reader.fail(value, plugin + " option " + in_quotes(name) + ": " + printable(*problem) +
                           (near ? hint : ""));
  }
}

}  // namespace

void check_declared_options(const TomlReader& reader, const toml::table& root, const TestPlan& plan,
                            const WorkloadSchema& schema, const PluginLookup* catalog,
                            const Variants& variants) {
  if (catalog == nullptr) return;
  for (const auto& name : plan.plugins) {
    const auto variant = variants.find(name);
    const bool by_path = variant != variants.end() && !variant->second.path.empty();
    const std::vector<rb::DeclaredOption> declared =
        by_path ? variant->second.declared : catalog->declared_options(base_of(variants, name));
    if (declared.empty()) continue;
    const std::vector<std::string> tables = tables_played(plan, schema, name);
    for (const auto& [key, value] : options_given(reader, root, name, variants))
      check_entry(reader, *key, *value, declared, tables, plugin_phrase(variants, name));
  }
}

}  // namespace rb::config
