// The workloads this runner knows, in one table: each is a folder (workload/<name>/) whose
// entry.cpp makes one WorkloadEntry (<name>_entry()), and registry.cpp lists the entries. The rest
// of the core asks this table about a workload by name; nothing else compares workload names.
// docs/architecture.md ("Adding a workload") walks through adding one.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/metric_info.h"
#include "plugin/loader.h"
#include "workload/checks/check.h"
#include "workload/schema.h"
#include "workload/workload.h"

namespace rb::workload {

// How scripts/plot.py lays out a workload's figure (summary.json's "plot_layouts"): its
// plotted metrics as lines against the axis `x`, a panel per row and column value, each
// "metric" (one per plotted metric) or an axis of the workload; with no `x`, grouped bars per
// matrix point, a panel per metric.
struct PlotLayout {
  std::string x = {};  // empty: bars
  bool log_x = false;
  std::string rows = "metric";
  std::string cols = "metric";
};

// What a workload's metrics are for beyond each one's own declaration.
struct MetricRoles {
  // The metric that is one measured iteration's wall time (its unit us, ms or s): the cost
  // model's time per iteration is read from it (model/round_values.h).
  std::string iteration_metric;
  PlotLayout plot = {};  // how its plotted metrics are laid out
};

struct WorkloadEntry {
  std::string name;                 // what a config's `workload =` says
  WorkloadSchema schema;            // the axes a [matrix] may sweep
  std::vector<MetricInfo> metrics;  // name, unit, direction, headline, plotted
  MetricRoles roles;
  // Load time, in the plugin's process: checks this workload's ABI table(s) in the
  // descriptor, copies them into the plugin, and returns the name the plugin offers the
  // workload under (`name`, or one of `parts`), or nullopt when it offers none of it.
  std::optional<std::string> (*read_tables)(plugin::LoadedPlugin& plugin) = nullptr;
  // Names a plugin may offer part of the workload under (pingpong's two roles); a check or a
  // `--option WORKLOAD:` scope may name one. Empty when the workload has no parts.
  std::vector<std::string> parts;
  const Workload* driver = nullptr;  // runs a cell (workload.h)
  // The conformance suite; each Check::workload is `name` or one of `parts`.
  std::vector<Check> (*checks)() = nullptr;
  // The workload's server as other programs meet it: `runner serve` puts it in front of real
  // clients (ab, wrk, curl; muduo's pingpong_client), and a config's server_command may
  // stand in for it. The axes the server reads, each with the value serve gives it unless
  // told otherwise; empty when the workload has no server real clients can reach.
  std::vector<rb::Param> server_params = {};
  // How to address the server in a message ("http" for http://HOST:PORT/; empty: HOST:PORT).
  std::string url_scheme = {};
  bool servable() const { return !server_params.empty(); }
};

// An entry of a workload with no parts that `runner serve` does not serve.
WorkloadEntry make_entry(const Workload& driver, WorkloadSchema schema,
                         std::vector<MetricInfo> metrics, MetricRoles roles,
                         std::optional<std::string> (*read_tables)(plugin::LoadedPlugin&),
                         std::vector<Check> (*checks)());

// A cell's params for the workload's server alone (`runner serve`): `given` over
// server_params, every other axis at its default (or, with none, its first choice or its
// smallest value: the client's axes mean nothing to a server). Schema order.
std::vector<rb::Param> server_cell_params(const WorkloadEntry& entry,
                                          const std::vector<rb::Param>& given);

// Every workload, in the order listings and error messages show them.
const std::vector<WorkloadEntry>& registry();

// By name; nullptr when unknown.
const WorkloadEntry* find_entry(std::string_view name);
// By a name a plugin offers: the workload's own or one of its parts; nullptr when unknown.
const WorkloadEntry* owner_of(std::string_view offered);

// The questions the rest of the core asks.
const Workload* find_workload(std::string_view name);  // nullptr when unknown
const WorkloadSchema* find_workload_schema(std::string_view name);
std::vector<std::string> workload_names();
// Empty for an unknown workload.
const std::vector<MetricInfo>& metrics_for_workload(std::string_view name);
// The workload's roles.iteration_metric as it declares it; nullptr for an unknown workload.
const MetricInfo* iteration_metric_for(std::string_view name);
// Every descriptor table of every workload (WorkloadSchema::abi_tables), in registry order:
// what a plugin's option declaration may name (plugin/option_decls.h).
std::vector<std::string> option_tables();
// Every check of every workload, in registry order.
const std::vector<Check>& all_checks();

// plugin::TableReader: every workload's tables, and the names the plugin offers.
void read_workload_tables(plugin::LoadedPlugin& plugin);
// What plugin::load_plugin and the probe take: read_workload_tables and option_tables().
plugin::WorkloadTables workload_tables();
// plugin::load_plugin with every workload's tables read.
plugin::LoadedPlugin load_plugin(const std::filesystem::path& so_path);

}  // namespace rb::workload
