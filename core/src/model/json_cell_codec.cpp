// A cell's JSON: what it is (CellSpec, the plugin's provenance) and what it measured
// (CellResult: summaries, counters, rusage, interference, samples when asked).
#include "model/json_codec.h"

#include <map>
#include <stdexcept>
#include <string>

#include "model/interference_json.h"
#include "model/json_arrays.h"
#include "model/kernel_counts_json.h"

namespace rb::model {

namespace {

Json plugin_fields(const Provenance& p) {
  return Json{{"path", p.path},
              {"sha256", p.sha256},
              {"plugin_version", p.plugin_version},
              {"library", p.library},
              {"library_version", p.library_version},
              {"abi_version", p.abi_version},
              {"description", p.description}};
}

}  // namespace

Json to_json(const Provenance& p) {
  Json out = plugin_fields(p);
  if (p.build) out["build"] = plugin_build_json<Json>(*p.build);
  if (!p.host.empty())
    out["machine"] = {{"host", p.host}, {"kernel", p.kernel}, {"cpu_model", p.cpu_model}};
  return out;
}

void from_json(const JsonField& j, Provenance& p) {
  p.path = j.at("path").get<std::string>();
  p.sha256 = j.at("sha256").get<std::string>();
  p.plugin_version = j.at("plugin_version").get<std::string>();
  p.library = j.at("library").get<std::string>();
  p.library_version = j.at("library_version").get<std::string>();
  p.abi_version = j.at("abi_version").get<std::uint32_t>();
  p.description = j.value("description", "");
  if (const auto build = j.find("build")) {
    PluginBuild b;
    b.optimized = build->at("optimized").get<bool>();
    b.build_type = build->at("build_type").get<std::string>();
    b.flags = build->at("flags").get<std::string>();
    b.compiler = build->at("compiler").get<std::string>();
    p.build = b;
  }
  if (const auto machine = j.find("machine")) {
    p.host = machine->at("host").get<std::string>();
    p.kernel = machine->at("kernel").get<std::string>();
    p.cpu_model = machine->at("cpu_model").get<std::string>();
  }
}

Json to_json(const CellSpec& cell) {
  Json out{{"index", cell.index},
           {"workload", cell.workload},
           {"plugin", cell.plugin},
           {"params", params_to_json(cell.params)}};
  if (!cell.setup.base.empty()) {
    out["base_plugin"] = cell.setup.base;
    out["plugin_options"] = options_to_json(cell.setup.options);
    if (!cell.setup.path.empty()) out["plugin_file"] = cell.setup.path;  // a variant by path
  }
  if (!cell.role_plugins.empty()) out["roles"] = cell.role_plugins;
  if (!cell.role_setups.empty()) {
    Json bases = Json::object();
    Json options = Json::object();
    Json files = Json::object();
    for (const auto& [role, setup] : cell.role_setups) {
      bases[role] = setup.base;
      options[role] = options_to_json(setup.options);
      if (!setup.path.empty()) files[role] = setup.path;
    }
    out["role_base_plugins"] = std::move(bases);
    out["role_plugin_options"] = std::move(options);
    if (!files.empty()) out["role_plugin_files"] = std::move(files);
  }
  if (const auto& server = cell.external_server) {  // a program's argv, or an address
    if (server->is_command())
      out["server_command"] = server->command;
    else
      out["server_target"] = server->target;
  }
  return out;
}

void from_json(const JsonField& j, CellSpec& cell) {
  cell.index = j.at("index").get<std::size_t>();
  cell.workload = j.at("workload").get<std::string>();
  cell.plugin = j.at("plugin").get<std::string>();
  cell.params = params_from_json(j.at("params"));
  cell.setup = {};
  if (const auto it = j.find("base_plugin")) {
    cell.setup.base = it->get<std::string>();
    cell.setup.options = options_from_json(j.at("plugin_options"));
    cell.setup.path = j.value("plugin_file", "");
  }
  cell.role_plugins.clear();
  if (const auto it = j.find("roles"))
    cell.role_plugins = it->get<std::map<std::string, std::string>>();
  cell.role_setups.clear();
  if (const auto it = j.find("role_base_plugins"))
    for (const auto& [role, base] : it->members())
      cell.role_setups[role] = {base.get<std::string>(),
                                options_from_json(j.at("role_plugin_options").at(role))};
  if (const auto it = j.find("role_plugin_files"))
    for (const auto& [role, file] : it->members())
      cell.role_setups[role].path = file.get<std::string>();
  cell.external_server.reset();
  if (const auto it = j.find("server_command"))
    cell.external_server = ExternalServer{it->get<std::vector<std::string>>(), ""};
  if (const auto it = j.find("server_target"))
    cell.external_server = ExternalServer{{}, it->get<std::string>()};
}

Json to_json(const CellResult& result, SampleDetail detail) {
  Json out = to_json(result.cell);
  out["status"] = to_string(result.status);
  out["reason"] = result.reason;
  Json metrics = Json::object();
  for (const auto& [name, summary] : result.metrics) metrics[name] = to_json(summary);
  out["metrics"] = std::move(metrics);
  out["counters"] = result.counters;
  if (!result.kernel_counts.empty()) out["kernel_counts"] = to_json(result.kernel_counts);
  if (!result.merged_latency.empty()) out["merged_latency"] = result.merged_latency;
  if (!result.merged_uncorrected_latency.empty())
    out["merged_uncorrected_latency"] = result.merged_uncorrected_latency;
  out["rusage"] = to_json(result.rusage);
  out["rusage_per_round"] = array_of(result.rusage_per_round);
  out["provenance"] = result.provenance ? to_json(*result.provenance) : Json(nullptr);
  // Only two-process cells have these, so one-process results keep their shape.
  if (!result.rusage_by_role.empty()) {
    Json by_role = Json::object();
    for (const auto& [role, rusage] : result.rusage_by_role) by_role[role] = to_json(rusage);
    out["rusage_by_role"] = std::move(by_role);
  }
  if (!result.counters_by_role.empty()) out["counters_by_role"] = result.counters_by_role;
  if (!result.provenance_by_role.empty()) {
    Json by_role = Json::object();
    for (const auto& [role, provenance] : result.provenance_by_role)
      by_role[role] = to_json(provenance);
    out["provenance_by_role"] = std::move(by_role);
  }
  if (Json interference = cell_interference_to_json(result); !interference.is_null())
    out["interference"] = std::move(interference);
  if (result.shard > 0) out["shard"] = result.shard;
  if (result.rounds_in_lockstep > 0) out["rounds_in_lockstep"] = result.rounds_in_lockstep;
  if (result.rounds_in_duet > 0) out["rounds_in_duet"] = result.rounds_in_duet;
  if (!result.rounds_stop.empty()) out["rounds_stop"] = result.rounds_stop;
  if (detail == SampleDetail::full)
    out["samples"] = array_of(result.samples);
  else
    out["samples"] = result.samples.size();
  return out;
}

void from_json(const JsonField& j, CellResult& result) {
  from_json(j, result.cell);
  const JsonField status = j.at("status");
  try {
    result.status = cell_status_from_string(status.get<std::string>());
  } catch (const std::invalid_argument&) {
    status.fail("a cell status (ok, skipped, failed, crashed, timeout, interrupted)");
  }
  result.reason = j.at("reason").get<std::string>();
  result.metrics.clear();
  for (const auto& [name, summary] : j.at("metrics").members())
    from_json(summary, result.metrics[name]);
  result.counters = j.at("counters").get<std::map<std::string, std::uint64_t>>();
  result.kernel_counts = {};
  if (const auto it = j.find("kernel_counts")) from_json(*it, result.kernel_counts);
  result.merged_latency = j.value("merged_latency", std::map<std::string, double>{});
  result.merged_uncorrected_latency =
      j.value("merged_uncorrected_latency", std::map<std::string, double>{});
  from_json(j.at("rusage"), result.rusage);
  result.rusage_per_round = vector_from<Rusage>(j.at("rusage_per_round"));
  result.provenance.reset();
  if (const auto p = j.find("provenance")) from_json(*p, result.provenance.emplace());
  result.rusage_by_role.clear();
  if (const auto it = j.find("rusage_by_role"))
    for (const auto& [role, rusage] : it->members()) from_json(rusage, result.rusage_by_role[role]);
  result.counters_by_role =
      j.value("counters_by_role", std::map<std::string, std::map<std::string, std::uint64_t>>{});
  result.provenance_by_role.clear();
  if (const auto it = j.find("provenance_by_role"))
    for (const auto& [role, provenance] : it->members())
      from_json(provenance, result.provenance_by_role[role]);
  cell_interference_from_json(j, result);
  result.shard = j.value("shard", 0);
  result.rounds_in_lockstep = j.value("rounds_in_lockstep", 0);
  result.rounds_in_duet = j.value("rounds_in_duet", 0);
  result.rounds_stop = j.value("rounds_stop", "");
  const JsonField samples = j.at("samples");
  result.samples = samples.is_array() ? vector_from<Sample>(samples) : std::vector<Sample>{};
}

}  // namespace rb::model
