#include "report/summary_json.h"

#include <fmt/format.h>

#include "model/json_codec.h"
#include "report/atomic_file.h"
#include "workload/registry.h"

namespace rb::report {

namespace {

// Per workload of the run, the metrics its entry declares (workload/<name>/entry.cpp): what
// readers of the file (scripts/plot.py) learn units, directions and what to draw from.
model::Json declared_metrics_json(const RunResult& run) {
  model::Json out = model::Json::object();
  for (const auto& cell : run.cells) {
    const std::string& workload = cell.cell.workload;
    if (out.contains(workload)) continue;
    model::Json metrics = model::Json::array();
    for (const auto& info : workload::metrics_for_workload(workload))
      metrics.push_back({{"name", info.name},
                         {"unit", info.unit},
                         {"lower_is_better", info.lower_is_better},
                         {"headline", info.headline},
                         {"plotted", info.plotted}});
    out[workload] = std::move(metrics);
  }
  return out;
}

// Per workload of the run, how its entry lays out its figure (workload/registry.h PlotLayout):
// scripts/plot.py keeps no list of workloads of its own. A workload with no `x` is drawn as
// bars.
model::Json plot_layouts_json(const RunResult& run) {
  model::Json out = model::Json::object();
  for (const auto& cell : run.cells) {
    const workload::WorkloadEntry* entry = workload::find_entry(cell.cell.workload);
    if (entry == nullptr || out.contains(entry->name)) continue;
    const workload::PlotLayout& plot = entry->roles.plot;
    out[entry->name] = plot.x.empty() ? model::Json{{"kind", "bars"}}
                                      : model::Json{{"kind", "lines"},
                                                    {"x", plot.x},
                                                    {"log_x", plot.log_x},
                                                    {"rows", plot.rows},
                                                    {"cols", plot.cols}};
  }
  return out;
}

}  // namespace

std::string format_summary_json(const RunResult& run) {
  model::Json out{{"schema_version", kSummarySchemaVersion}};
  out.update(model::to_json(run, model::SampleDetail::count));
  out["declared_metrics"] = declared_metrics_json(run);
  out["plot_layouts"] = plot_layouts_json(run);
  return model::dump_json(out, 2) + '\n';
}

void write_summary_json(const RunResult& run, const std::filesystem::path& path) {
  write_file_atomically(path, format_summary_json(run));
}

void check_summary_schema(const model::JsonField& j) {
  // Not an object: from_json says what is wrong with it, rather than the version's lookup.
  if (!j.is_object()) return;
  const auto field = j.find("schema_version");
  if (!field) return;
  const model::Json& value = field->json();
  const std::string understood =
      kSummarySchemaVersion == 1 ? std::string("1") : fmt::format("1 to {}", kSummarySchemaVersion);
  if (!value.is_number_integer())
    throw model::JsonError(fmt::format("schema_version: {} is not a version (this runner reads {})",
                                       model::dump_json(value, -1), understood));
  const auto version = value.get<std::int64_t>();
  if (version > kSummarySchemaVersion)
    throw model::JsonError(
        fmt::format("schema_version: {} is newer than this runner reads ({}): the file was "
                    "written by a newer reactorbench",
                    version, understood));
  if (version < 1)
    throw model::JsonError(fmt::format("schema_version: {} is not a version this runner reads ({})",
                                       version, understood));
}

RunResult read_summary_json(const std::filesystem::path& path) {
  return model::read_json_file(path, kSummaryJsonBound, [](const model::JsonField& j) {
    check_summary_schema(j);
    RunResult run;
    model::from_json(j, run);
    return run;
  });
}

}  // namespace rb::report
