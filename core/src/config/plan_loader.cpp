#include "config/test_plan.h"

#include <toml++/toml.h>

#include "config/axis_values.h"
#include "config/budget_key.h"
#include "config/config_file.h"
#include "config/declared_options_check.h"
#include "config/launcher_keys.h"
#include "config/matrix_section.h"
#include "config/nesting_guard.h"
#include "config/pairing_key.h"
#include "config/plugin_section.h"
#include "config/role_pairs.h"
#include "config/run_section.h"
#include "config/server_section.h"
#include "config/set_override.h"
#include "config/store_section.h"
#include "config/suggestion.h"
#include "config/toml_access.h"
#include "config/variant_section.h"
#include "config/workload_schema.h"
#include "workload/registry.h"

namespace rb::config {
namespace {

const std::vector<std::string> top_level_keys = {
    "name",   "description",    "workload", "plugins", "run",
    "matrix", "plugin_options", "variants", "store",   "servers"};

toml::table parse_toml(std::string_view text, const std::string& source_name) {
  check_nesting(text, source_name);
  try {
    return toml::parse(text, std::string_view(source_name));
  } catch (const toml::parse_error& error) {
    const auto& begin = error.source().begin;
    SourcePos pos{source_name, 1, 1};
    if (begin.line > 0)
      pos = {source_name, static_cast<int>(begin.line), static_cast<int>(begin.column)};
    throw ConfigError(pos, printable(error.description()));
  }
}

std::string optional_string(const TomlReader& reader, const toml::table& root,
                            std::string_view key) {
  const toml::node* node = root.get(key);
  return node != nullptr ? reader.as_string(*node, key) : std::string();
}

const WorkloadSchema& read_workload(const TomlReader& reader, const toml::table& root) {
  const toml::node* node = root.get("workload");
  if (node == nullptr)
    reader.fail(reader.at(root), "missing required key 'workload' (one of: " +
                                     join(workload::workload_names()) + ")");
  const std::string& name = reader.as_string(*node, "workload");
  const WorkloadSchema* schema = workload::find_workload_schema(name);
  if (schema == nullptr)
    reader.fail(*node, "unknown workload " + in_quotes(name) +
                           suggestion(name, workload::workload_names()));
  return *schema;
}

void apply_quick(TestPlan& plan, const WorkloadSchema& schema) {
  plan.run.repetitions = 3;
  plan.run.warmup = 1;
  plan.run.rounds = 1;
  plan.run.rounds_source = RoundsSource::quick;
  for (auto& axis : plan.axes) {
    const AxisSchema* axis_schema = schema.find_axis(axis.name);
    if (axis_schema != nullptr && !axis_schema->quick_values.empty())
      axis.values = axis_schema->quick_values;
    else if (axis.values.size() > 2)
      axis.values.resize(2);
  }
}

// "[run] target (file:line:col)": where the server of every cell was given.
std::string run_wide_phrase(const ServerSection& servers) {
  const bool command = servers.servers.at(servers.run_wide->name).is_command();
  return std::string("[run] ") + (command ? "server_command" : "target") + " (" +
         servers.run_wide->pos.str() + ")";
}

// `plugins`: required, except by a two-process workload that may name its plugins per role
// in [matrix]; with a run-wide server, the only server of a workload whose client is the
// runner's own.
std::vector<NamedAt> configured_plugins(const TomlReader& reader, const toml::table& root,
                                        bool paired, const ServerSection& servers) {
  const toml::node* plugins = root.get("plugins");
  if (!paired && servers.run_wide) {
    if (plugins != nullptr)
      reader.fail(*plugins, "plugins: " + run_wide_phrase(servers) +
                                " names the server of every cell, and this workload's client "
                                "is the runner's own: there is no plugin to name");
    return {*servers.run_wide};
  }
  if (paired && plugins == nullptr) return {};
  return read_plugins(reader, root);
}

// Each plugin's options and, for a variant, its base and its options over the base's.
void add_plugin_setups(TestPlan& plan, const PluginOptions& options, const Variants& variants) {
  for (const auto& plugin : plan.plugins) {
    const auto variant = variants.find(plugin);
    const std::string& base = base_of(variants, plugin);
    const auto found = options.find(base);
    if (variant == variants.end()) {
      if (found != options.end()) plan.plugin_options.insert(*found);
      continue;
    }
    plan.variant_bases[plugin] = base;
    if (!variant->second.path.empty()) plan.variant_paths[plugin] = variant->second.path;
    rb::PluginOptionList merged = merge_options(
        found != options.end() ? found->second : rb::PluginOptionList{}, variant->second.options);
    if (!merged.empty()) plan.plugin_options[plugin] = std::move(merged);
  }
}

// Multiplies out the matrix without overflowing, stopping as soon as it passes max_cells.
void check_matrix_size(const TestPlan& plan, const SourcePos& matrix_pos) {
  std::size_t cells = plan.pairs.empty() ? plan.plugins.size() : plan.pairs.size();
  std::string product =
      std::to_string(cells) + (plan.pairs.empty() ? " plugin" : " pair") + (cells == 1 ? "" : "s");
  for (const auto& axis : plan.axes) {
    const std::size_t values = axis.values.size();
    product += " x " + std::to_string(values) + " " + axis.name;
    cells = values > max_cells / cells ? max_cells + 1 : cells * values;
  }
  if (cells > max_cells)
    throw ConfigError(matrix_pos, "the matrix expands to more than " + std::to_string(max_cells) +
                                      " cells (" + product + ")");
}

TestPlan parse_checked(std::string_view text, const std::string& source_name,
                       const PluginLookup* catalog, const Overrides& overrides) {
  const toml::table root = parse_toml(text, source_name);
  const TomlReader reader(source_name);
  reader.reject_unknown_keys(root, top_level_keys, "at the top level");

  TestPlan plan;
  plan.config_path = source_name;
  plan.config_text = std::string(text);
  const WorkloadSchema& schema = read_workload(reader, root);
  plan.workload = schema.name;
  // A two-process workload may name its plugins per role in [matrix] instead.
  const bool paired = !schema.roles.empty();
  const ServerSection servers = read_servers(reader, root, schema, catalog);
  const std::vector<NamedAt> configured = configured_plugins(reader, root, paired, servers);
  plan.name = optional_string(reader, root, "name");
  plan.description = optional_string(reader, root, "description");
  plan.run = read_run(reader, root.get("run"));
  check_launcher_keys(reader, root.get("run"), plan.workload, servers);
  plan.store_path = read_store_path(reader, root.get("store"));

  MatrixSection matrix = read_matrix(reader, root, schema);
  for (std::size_t i = 0; i < overrides.set.size(); ++i) {
    Axis axis = parse_set(overrides.set[i], static_cast<int>(i) + 1, schema);
    matrix.axes.insert_or_assign(axis.name, std::move(axis));
  }
  std::optional<Axis> duration;
  if (overrides.duration)
    duration = parse_axis_option("--duration", "duration", *overrides.duration, schema);
  plan.axes = complete_axes(schema, std::move(matrix.axes), matrix.pos);

  if (paired && servers.run_wide) {
    if (const auto given = matrix.role_plugins.find(kServerRole);
        given != matrix.role_plugins.end())
      reader.fail(given->second.front().pos, "[matrix] server: " + run_wide_phrase(servers) +
                                                 " names the server of every cell");
    matrix.role_plugins[kServerRole] = {*servers.run_wide};
  }
  plan.servers = servers.servers;
  // The plugin checks below see each server label as a name offering the workload's server.
  std::optional<ServerAwareLookup> aware;
  if (catalog != nullptr)
    aware.emplace(*catalog, servers, paired ? plan.workload + "_" + kServerRole : plan.workload);
  const PluginLookup* lookup = catalog != nullptr ? &*aware : nullptr;

  const Variants variants = read_variants(reader, root, catalog);
  PairingInput pairing{plan.workload,     configured,      std::move(matrix.role_plugins),
                       overrides.plugins, reader.at(root), variants};
  const PluginOptions options = read_plugin_options(
      reader, root, paired ? every_named_plugin(pairing) : configured, variants);
  if (paired) {
    plan.pairs = plan_pairs(pairing, lookup);
    plan.plugins = plugins_of(plan.pairs);
  } else {
    plan.plugins = select_plugins(configured, overrides.plugins, lookup, plan.workload, variants);
  }
  add_plugin_setups(plan, options, variants);
  check_declared_options(reader, root, plan, schema, lookup, variants);

  if (overrides.quick) apply_quick(plan, schema);
  if (overrides.repetitions) plan.run.repetitions = *overrides.repetitions;
  if (overrides.warmup) plan.run.warmup = *overrides.warmup;
  if (overrides.rounds) {
    plan.run.rounds = *overrides.rounds;
    plan.run.rounds_source = RoundsSource::command_line;
  }
  if (overrides.budget) plan.run.budget = parse_budget_option(*overrides.budget);
  if (overrides.pairing) {
    plan.run.pairing = pairing_named(*overrides.pairing);
    if (!plan.run.pairing)
      throw ConfigError(SourcePos{"--pairing", 0, 0}, "'" + printable(*overrides.pairing) +
                                                          "': expected rounds, iterations or duet");
  }
  if (duration)
    for (auto& axis : plan.axes)
      if (axis.name == duration->name) axis = *duration;
  check_matrix_size(plan, matrix.pos);
  return plan;
}

}  // namespace

TestPlan parse_plan(std::string_view toml_text, const std::string& source_name,
                    const PluginLookup* catalog, const Overrides& overrides) {
  // The promise is one kind of error with a position: whatever else goes wrong (toml++,
  // the catalog, memory) is reported at the start of the file rather than escaping.
  try {
    return parse_checked(toml_text, source_name, catalog, overrides);
  } catch (const ConfigError&) {
    throw;
  } catch (const std::exception& error) {
    throw ConfigError({source_name, 1, 1}, "cannot load config: " + printable(error.what()));
  } catch (...) {
    throw ConfigError({source_name, 1, 1}, "cannot load config: unknown error");
  }
}

TestPlan load_plan(const std::filesystem::path& file, const PluginLookup* catalog,
                   const Overrides& overrides) {
  std::string text;
  try {
    text = read_config_file(file);
  } catch (const ConfigError&) {
    throw;
  } catch (const std::exception& error) {
    throw ConfigError({file.string(), 0, 0}, "cannot read: " + printable(error.what()));
  }
  TestPlan plan = parse_plan(text, file.string(), catalog, overrides);
  plan.config_path = file;
  return plan;
}

}  // namespace rb::config
