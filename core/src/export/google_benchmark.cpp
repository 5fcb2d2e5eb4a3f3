#include "export/google_benchmark.h"

#include <algorithm>
#include <map>
#include <optional>
#include <sstream>
#include <string_view>

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

// A throughput metric becomes the user counter Google Benchmark has for it, in its unit:
// bytes_per_second for a byte rate, items_per_second for any other rate.
struct Throughput {
  const char* counter;
  double factor;  // the metric's unit to the counter's
};

std::optional<Throughput> throughput_of(const MetricInfo& info) {
  static const std::pair<const char*, double> byte_rates[] = {
      {"B/s", 1},    {"KiB/s", 1024.0}, {"MiB/s", 1048576.0}, {"GiB/s", 1073741824.0},
      {"KB/s", 1e3}, {"MB/s", 1e6},     {"GB/s", 1e9}};
  for (const auto& [unit, factor] : byte_rates)
    if (info.unit == unit) return Throughput{"bytes_per_second", factor};
  const bool rate = info.unit.empty() ? info.name.ends_with("_per_s") : info.unit.ends_with("/s");
  if (rate) return Throughput{"items_per_second", 1};
  return std::nullopt;
}

// The cell's counters: the first metric of each kind (declared order), scaled.
struct Counter {
  const char* name;
  double factor;
  const ExportedMetric* metric;
};

std::vector<Counter> counters_of(const ExportedCell& cell) {
  std::vector<Counter> out;
  for (const auto& metric : cell.metrics) {
    const auto throughput = throughput_of(metric.info);
    if (!throughput) continue;
    const bool taken = std::any_of(out.begin(), out.end(), [&](const Counter& c) {
      return std::string_view(c.name) == throughput->counter;
    });
    if (!taken) out.push_back({throughput->counter, throughput->factor, &metric});
  }
  return out;
}

bool is_counter(const std::vector<Counter>& counters, const ExportedMetric& metric) {
  return std::any_of(counters.begin(), counters.end(),
                     [&](const Counter& c) { return c.metric == &metric; });
}

void skip(std::vector<std::string>& skipped, const std::string& name) {
  if (std::find(skipped.begin(), skipped.end(), name) == skipped.end()) skipped.push_back(name);
}

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
    const std::vector<Counter> counters = counters_of(cell);
    bool timed = false;
    for (const auto& metric : cell.metrics) {
      const std::string unit = time_unit_of(metric.info);
      if (unit.empty()) {
        if (!is_counter(counters, metric)) skip(skipped, metric.info.name);
        continue;
      }
      timed = true;
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
        for (const auto& c : counters)
          if (i < c.metric->samples.size()) e[c.name] = c.metric->samples[i] * c.factor;
        benchmarks.push_back(std::move(e));
      }
      using Statistic = double stats::Summary::*;
      const std::pair<const char*, Statistic> aggregates[] = {{"mean", &stats::Summary::mean},
                                                              {"median", &stats::Summary::median},
                                                              {"stddev", &stats::Summary::stddev},
                                                              {"cv", &stats::Summary::cv}};
      for (const auto& [aggregate, statistic] : aggregates) {
        const bool cv = std::string_view(aggregate) == "cv";
        Json e = entry(name + "_" + aggregate, name, family, instance, n, metric.summary.*statistic,
                       unit);
        e["run_type"] = "aggregate";
        e["aggregate_name"] = aggregate;
        e["aggregate_unit"] = cv ? "percentage" : "time";
        e["iterations"] = n;
        // As Google Benchmark aggregates its counters: the same statistic of the rate (a cv
        // is a ratio, so it takes no unit factor).
        for (const auto& c : counters)
          e[c.name] = c.metric->summary.*statistic * (cv ? 1.0 : c.factor);
        benchmarks.push_back(std::move(e));
      }
    }
    // With no time to hang them on, the rates have no place in the format.
    if (!timed)
      for (const auto& c : counters) skip(skipped, c.metric->info.name);
  }
  return Json{{"schema_version", kExportSchemaVersion},
              {"context", context_json(run.context)},
              {"benchmarks", std::move(benchmarks)}};
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
