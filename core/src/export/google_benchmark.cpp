#include "export/google_benchmark.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "export/export_input.h"

namespace rb::exporting {
namespace {

using model::Json;

Json load_average(const std::string& text) {
  Json out = Json::array();
  std::istringstream in(text);
  double value = 0;
  for (int i = 0; i < 3 && in >> value; ++i) out.push_back(value);
  return out;
}

Json context_json(const RunContext& c) {
  std::string build = c.build_type;
  std::transform(build.begin(), build.end(), build.begin(),
                 [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  return Json{{"date", c.started_at},
              {"host_name", c.host},
              {"executable", "reactorbench runner " + c.runner_version},
              {"num_cpus", c.cores},
              {"mhz_per_cpu", 0},
              {"cpu_scaling_enabled", !c.governor.empty() && c.governor != "performance"},
              {"caches", Json::array()},
              {"load_avg", load_average(c.load_average)},
              {"library_build_type", build == "debug" ? "debug" : "release"},
              {"json_schema_version", 1},
              {"reactorbench",
               {{"cpu_model", c.cpu_model},
                {"kernel", c.kernel},
                {"governor", c.governor},
                {"compiler", c.compiler},
                {"build_type", c.build_type},
                {"git_revision", c.git_revision},
                {"config_path", c.config_path},
                {"command_line", c.command_line},
                {"runner_version", c.runner_version},
                {"started_at", c.started_at},
                {"finished_at", c.finished_at}}}};
}

struct Family {
  int index = 0;
  int instances = 0;
};

Json entry(const std::string& name, const std::string& run_name, const Family& family, int instance,
           std::size_t repetitions, double value, const std::string& unit) {
  return Json{{"name", name},
              {"family_index", family.index},
              {"per_family_instance_index", instance},
              {"run_name", run_name},
              {"repetitions", repetitions},
              {"threads", 1},
              {"iterations", 1},
              {"real_time", value},
              {"cpu_time", value},
              {"time_unit", unit}};
}

}  // namespace

Json google_benchmark_json(const RunResult& run, const std::vector<std::string>& metrics,
                           std::vector<std::string>& skipped) {
  Json benchmarks = Json::array();
  // A family is what Google Benchmark registers once (a plugin and metric); its instances
  // are the argument points.
  std::map<std::string, Family> families;
  for (const auto& cell : exported_cells(run, metrics)) {
    for (const auto& metric : cell.metrics) {
      const std::string unit = time_unit_of(metric.info);
      if (unit.empty()) {
        if (std::find(skipped.begin(), skipped.end(), metric.info.name) == skipped.end())
          skipped.push_back(metric.info.name);
        continue;
      }
      const std::string family_key =
          cell.cell->cell.workload + "/" + cell.cell->cell.plugin + "/" + metric.info.name;
      auto [it, added] = families.try_emplace(family_key, Family{});
      if (added) it->second.index = static_cast<int>(families.size() - 1);
      Family& family = it->second;
      const int instance = family.instances++;
      const std::string name = cell.name + "/" + metric.info.name;
      const std::size_t n = metric.samples.empty() ? metric.summary.n : metric.samples.size();

      for (std::size_t i = 0; i < metric.samples.size(); ++i) {
        Json e = entry(name, name, family, instance, n, metric.samples[i], unit);
        e["run_type"] = "iteration";
        e["repetition_index"] = i;
        benchmarks.push_back(std::move(e));
      }
      const std::pair<const char*, double> aggregates[] = {{"mean", metric.summary.mean},
                                                           {"median", metric.summary.median},
                                                           {"stddev", metric.summary.stddev},
                                                           {"cv", metric.summary.cv}};
      for (const auto& [aggregate, value] : aggregates) {
        Json e = entry(name + "_" + aggregate, name, family, instance, n, value, unit);
        e["run_type"] = "aggregate";
        e["aggregate_name"] = aggregate;
        e["aggregate_unit"] = std::string(aggregate) == "cv" ? "percentage" : "time";
        e["iterations"] = n;
        benchmarks.push_back(std::move(e));
      }
    }
  }
  return Json{{"context", context_json(run.context)}, {"benchmarks", std::move(benchmarks)}};
}

namespace {

class GoogleBenchmark final : public report::Reporter {
 public:
  report::Rendered render(const report::ReportInput& input) const override {
    report::Rendered out;
    const auto json =
        google_benchmark_json(report::needed(input.run, "a run"), input.metrics, out.left_out);
    out.text = model::dump_json(json, 2) + '\n';
    return out;
  }
};

}  // namespace

const report::Reporter& google_benchmark_reporter() {
  static const GoogleBenchmark reporter;
  return reporter;
}

}  // namespace rb::exporting
