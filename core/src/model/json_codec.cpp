#include "model/json_codec.h"

#include <limits>
#include <stdexcept>
#include <string>

#include "model/interference_json.h"
#include "model/json_field.h"
#include "model/kernel_counts_json.h"
#include "model/latency_histograms.h"

namespace rb::model {

namespace {

template <typename T>
Json array_of(const std::vector<T>& items) {
  Json out = Json::array();
  for (const auto& item : items) out.push_back(to_json(item));
  return out;
}

template <typename T>
std::vector<T> vector_from(const JsonField& array) {
  std::vector<T> out;
  for (const auto& item : array.elements()) {
    T value;
    from_json(item, value);
    out.push_back(std::move(value));
  }
  return out;
}

}  // namespace

CellStatus cell_status_from_string(std::string_view text) {
  for (CellStatus status : {CellStatus::ok, CellStatus::skipped, CellStatus::failed,
                            CellStatus::crashed, CellStatus::timeout, CellStatus::interrupted})
    if (text == to_string(status)) return status;
  throw std::invalid_argument("unknown cell status '" + std::string(text) + "'");
}

std::string dump_json(const Json& j, int indent) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

Json params_to_json(const std::vector<Param>& params) {
  Json out = Json::object();
  for (const auto& p : params) {
    if (const auto* i = std::get_if<std::int64_t>(&p.value))
      out[p.name] = *i;
    else
      out[p.name] = std::get<std::string>(p.value);
  }
  return out;
}

std::vector<Param> params_from_json(const JsonField& object) {
  std::vector<Param> out;
  for (const auto& [name, value] : object.members()) {
    if (value.json().is_number_integer())
      out.push_back({name, value.get<std::int64_t>()});
    else if (value.json().is_string())
      out.push_back({name, value.get<std::string>()});
    else
      value.fail("an integer or a string");
  }
  return out;
}

Json to_json(const stats::Summary& s) {
  Json out{{"n", s.n},
           {"median", s.median},
           {"mean", s.mean},
           {"stddev", s.stddev},
           {"cv", s.cv},
           {"min", s.min},
           {"max", s.max},
           {"q1", s.q1},
           {"q3", s.q3},
           {"ci_level", s.ci_level},
           {"ci_low", s.ci_low},
           {"ci_high", s.ci_high},
           {"fence_low", s.fence_low},
           {"fence_high", s.fence_high},
           {"outliers", s.outliers},
           {"ci_method", s.ci_method},
           {"rounds", s.rounds}};
  if (s.components) {
    const stats::VarianceComponents& c = *s.components;
    out["variance"] = Json{{"rounds", c.rounds},
                           {"iterations", c.iterations},
                           {"within_round", c.within_var},
                           {"round_means", c.round_means_var},
                           {"between_round", c.between_var},
                           {"between_share", c.between_share}};
  }
  if (s.plan) {
    Json plan{{"target_half_width", s.plan->target}};
    plan["iterations"] = s.plan->iterations ? Json(*s.plan->iterations) : Json(nullptr);
    plan["rounds"] = s.plan->rounds ? Json(*s.plan->rounds) : Json(nullptr);
    out["precision_plan"] = std::move(plan);
  }
  return out;
}

void from_json(const JsonField& j, stats::Summary& s) {
  s.n = j.at("n").get<std::size_t>();
  using S = stats::Summary;
  const std::pair<const char*, double S::*> numbers[] = {{"median", &S::median},
                                                         {"mean", &S::mean},
                                                         {"stddev", &S::stddev},
                                                         {"cv", &S::cv},
                                                         {"min", &S::min},
                                                         {"max", &S::max},
                                                         {"q1", &S::q1},
                                                         {"q3", &S::q3},
                                                         {"ci_level", &S::ci_level},
                                                         {"ci_low", &S::ci_low},
                                                         {"ci_high", &S::ci_high},
                                                         {"fence_low", &S::fence_low},
                                                         {"fence_high", &S::fence_high}};
  for (const auto& [key, member] : numbers) s.*member = j.at(key).get<double>();
  s.outliers = j.at("outliers").get<std::vector<std::size_t>>();
  // Written before rounds were the replicates: a flat interval, rounds unknown.
  s.ci_method = j.value("ci_method", "flat");
  s.rounds = j.value("rounds", std::size_t{0});
  if (const auto v = j.find("variance")) {
    stats::VarianceComponents c;
    c.rounds = v->value("rounds", std::size_t{0});
    c.iterations = v->value("iterations", 0.0);
    c.within_var = v->value("within_round", 0.0);
    c.round_means_var = v->value("round_means", 0.0);
    c.between_var = v->value("between_round", 0.0);
    c.between_share = v->value("between_share", 0.0);
    s.components = c;
  }
  if (const auto p = j.find("precision_plan")) {
    stats::PrecisionPlan plan;
    plan.target = p->value("target_half_width", 0.0);
    if (const auto it = p->find("iterations")) plan.iterations = it->get<int>();
    if (const auto it = p->find("rounds")) plan.rounds = it->get<int>();
    s.plan = plan;
  }
}

Json to_json(const Sample& sample) {
  Json out{{"round", sample.round},
           {"iteration", sample.iteration},
           {"warmup", sample.warmup},
           {"metrics", sample.metrics},
           {"counters", sample.counters}};
  // Only latency workloads have them (model/latency_histograms.h).
  histograms_to_json(sample, out);
  return out;
}

void from_json(const JsonField& j, Sample& sample) {
  sample.round = j.at("round").get<int>();
  sample.iteration = j.at("iteration").get<int>();
  sample.warmup = j.at("warmup").get<bool>();
  sample.metrics = j.at("metrics").get<std::map<std::string, double>>();
  sample.counters = j.at("counters").get<std::map<std::string, std::uint64_t>>();
  histograms_from_json(j, sample);
}

Json to_json(const Rusage& r) {
  return Json{{"user_s", r.user_s},
              {"sys_s", r.sys_s},
              {"max_rss_kib", r.max_rss_kib},
              {"voluntary_cs", r.voluntary_cs},
              {"involuntary_cs", r.involuntary_cs}};
}

void from_json(const JsonField& j, Rusage& r) {
  r.user_s = j.at("user_s").get<double>();
  r.sys_s = j.at("sys_s").get<double>();
  r.max_rss_kib = j.at("max_rss_kib").get<long>();
  r.voluntary_cs = j.at("voluntary_cs").get<long>();
  r.involuntary_cs = j.at("involuntary_cs").get<long>();
}

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

Json options_to_json(const PluginOptionList& options) {
  Json out = Json::object();
  for (const auto& [key, value] : options) out[key] = value;
  return out;
}

PluginOptionList options_from_json(const JsonField& object) {
  PluginOptionList out;
  for (const auto& [key, value] : object.members()) out.emplace_back(key, value.get<std::string>());
  return out;
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

Json to_json(const RunContext& c) {
  Json out{{"host", c.host},
           {"kernel", c.kernel},
           {"cpu_model", c.cpu_model},
           {"cores", c.cores},
           {"governor", c.governor},
           {"load_average", c.load_average},
           {"compiler", c.compiler},
           {"build_type", c.build_type},
           {"git_revision", c.git_revision},
           {"nofile_soft", c.nofile_soft},
           {"nofile_hard", c.nofile_hard},
           {"started_at", c.started_at},
           {"finished_at", c.finished_at},
           {"command_line", c.command_line},
           {"config_path", c.config_path},
           {"runner_version", c.runner_version},
           {"order_seed", c.order_seed}};
  if (!c.run_id.empty()) out["run_id"] = c.run_id;
  if (!c.group.empty()) out["group"] = c.group;
  if (!c.plan_sha256.empty()) out["plan_sha256"] = c.plan_sha256;
  if (c.shard.sharded())
    out["shard"] = Json{{"index", c.shard.index}, {"count", c.shard.count}, {"by", c.shard.by}};
  if (c.sequential.active())
    out["sequential"] = Json{{"max_looks", c.sequential.max_looks},
                             {"batch_rounds", c.sequential.batch_rounds},
                             {"nominal_alpha", c.sequential.nominal_alpha},
                             {"budget_s", c.sequential.budget_s}};
  add_machine_fields(c, out);
  return out;
}

void from_json(const JsonField& j, RunContext& c) {
  c.host = j.at("host").get<std::string>();
  c.kernel = j.at("kernel").get<std::string>();
  c.cpu_model = j.at("cpu_model").get<std::string>();
  c.cores = j.at("cores").get<int>();
  c.governor = j.at("governor").get<std::string>();
  c.load_average = j.at("load_average").get<std::string>();
  c.compiler = j.at("compiler").get<std::string>();
  c.build_type = j.at("build_type").get<std::string>();
  c.git_revision = j.at("git_revision").get<std::string>();
  c.nofile_soft = j.at("nofile_soft").get<long>();
  c.nofile_hard = j.at("nofile_hard").get<long>();
  c.started_at = j.at("started_at").get<std::string>();
  c.finished_at = j.at("finished_at").get<std::string>();
  c.command_line = j.at("command_line").get<std::string>();
  c.config_path = j.at("config_path").get<std::string>();
  c.runner_version = j.at("runner_version").get<std::string>();
  // Absent from results written before the order of plugins per round was shuffled.
  c.order_seed = j.value("order_seed", std::uint64_t{0});
  c.run_id = j.value("run_id", "");
  // Both absent from results written before runs were grouped and sharded (and shard from
  // a run that measured every cell).
  c.group = j.value("group", "");
  c.plan_sha256 = j.value("plan_sha256", "");
  c.shard = {};
  if (const auto shard = j.find("shard")) {
    c.shard.index = shard->at("index").get<int>();
    c.shard.count = shard->at("count").get<int>();
    c.shard.by = shard->at("by").get<std::string>();
  }
  // Absent from runs without a budget.
  c.sequential = {};
  if (const auto sequential = j.find("sequential")) {
    c.sequential.max_looks = sequential->at("max_looks").get<int>();
    c.sequential.batch_rounds = sequential->at("batch_rounds").get<int>();
    c.sequential.nominal_alpha = sequential->at("nominal_alpha").get<double>();
    c.sequential.budget_s = sequential->at("budget_s").get<double>();
  }
  read_machine_fields(j, c);
}

Json to_json(const RunResult& run, SampleDetail detail) {
  Json cells = Json::array();
  for (const auto& cell : run.cells) cells.push_back(to_json(cell, detail));
  Json out{{"context", to_json(run.context)},
           {"workload", run.workload},
           {"plugins", run.plugins},
           {"cells", std::move(cells)}};
  if (!run.shards.empty()) out["shards"] = array_of(run.shards);
  return out;
}

void from_json(const JsonField& j, RunResult& run) {
  from_json(j.at("context"), run.context);
  run.workload = j.at("workload").get<std::string>();
  run.plugins = j.at("plugins").get<std::vector<std::string>>();
  run.cells = vector_from<CellResult>(j.at("cells"));
  run.shards.clear();
  if (const auto shards = j.find("shards")) run.shards = vector_from<RunContext>(*shards);
}

}  // namespace rb::model
