// A run's JSON: the context it was measured in (machine, build, load, seeds) and its cells.
#include "model/json_codec.h"

#include <string>

#include "model/json_arrays.h"

namespace rb::model {

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
