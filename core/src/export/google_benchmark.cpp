#include "export/google_benchmark.h"

#include <algorithm>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "export/export_input.h"

namespace rb::exporting {
namespace {

using model::Json;

// The parameters left out of the benchmark names, per workload: {"rr": "threads:1 ..."}.
Json fixed_parameters_json(const RunResult& run) {
  Json out = Json::object();
  for (const auto& result : run.cells)
    if (!out.contains(result.cell.workload))
      out[result.cell.workload] = fixed_parameters(run, result.cell.workload);
  return out;
}

Json load_average(const std::string& text) {
  Json out = Json::array();
  std::istringstream in(text);
  double value = 0;
  for (int i = 0; i < 3 && in >> value; ++i) out.push_back(value);
  return out;
}

Json context_json(const RunResult& run) {
  const RunContext& c = run.context;
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
                {"finished_at", c.finished_at},
                {"fixed_parameters", fixed_parameters_json(run)}}}};
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

// The CPU the cell used per second of its wall time, to turn a measured time into the CPU
// time it cost: of a two-process workload the server's (the side under test), summed over
// the rounds; otherwise each round's own. 0 when the run recorded no CPU or no wall time.
class CpuShare {
 public:
  explicit CpuShare(const CellResult& cell) : cell_(cell) {
    double wall = 0;
    for (const auto& round : cell.interference) wall += round.wall_s;
    if (const auto server = cell.rusage_by_role.find("server");
        server != cell.rusage_by_role.end() && wall > 0)
      whole_ = (server->second.user_s + server->second.sys_s) / wall;
  }
  double of_round(int round) const {
    if (whole_ > 0) return whole_;
    for (std::size_t i = 0; i < cell_.interference.size() && i < cell_.rusage_per_round.size(); ++i)
      if (cell_.interference[i].round == round && cell_.interference[i].wall_s > 0)
        return (cell_.rusage_per_round[i].user_s + cell_.rusage_per_round[i].sys_s) /
               cell_.interference[i].wall_s;
    return average();
  }
  double average() const {
    if (whole_ > 0) return whole_;
    double cpu = 0;
    double wall = 0;
    for (std::size_t i = 0; i < cell_.interference.size() && i < cell_.rusage_per_round.size();
         ++i) {
      cpu += cell_.rusage_per_round[i].user_s + cell_.rusage_per_round[i].sys_s;
      wall += cell_.interference[i].wall_s;
    }
    return wall > 0 ? cpu / wall : 0;
  }

 private:
  const CellResult& cell_;
  double whole_ = 0;
};

// One benchmark of the export: a time metric as measured, or a rate as the time one unit
// takes (1 / rate, in ns), so that compare.py, which compares only times, compares it too.
struct Timed {
  const ExportedMetric* metric;
  std::string unit;
  bool inverted;  // a rate: real_time = 1e9 / value
  double time_of(double value) const {
    if (!inverted) return value;
    return value > 0 ? 1e9 / value : 0;
  }
};

// An aggregate of the metric as the entry's time. A cv is a ratio and a rate's stddev turns
// into the same relative spread of its time; the rest of a rate invert as its samples do.
double aggregate_time(const Timed& timed, const stats::Summary& summary, std::string_view aggregate,
                      double value) {
  if (aggregate == "cv" || !timed.inverted) return value;
  if (aggregate == "stddev")
    return summary.mean > 0 ? value / summary.mean * timed.time_of(summary.mean) : 0;
  return timed.time_of(value);
}

std::vector<Timed> timed_metrics(const ExportedCell& cell, const std::vector<Counter>& counters,
                                 std::vector<std::string>& skipped) {
  std::vector<Timed> out;
  for (const auto& metric : cell.metrics) {
    const std::string unit = time_unit_of(metric.info);
    if (!unit.empty())
      out.push_back({&metric, unit, false});
    else if (is_counter(counters, metric))
      out.push_back({&metric, "ns", true});
    else
      skip(skipped, metric.info.name);
  }
  return out;
}

class Writer {
 public:
  Json benchmarks = Json::array();

  void add(const ExportedCell& cell, std::vector<std::string>& skipped) {
    const std::vector<Counter> counters = counters_of(cell);
    const CpuShare cpu(*cell.cell);
    for (const Timed& timed : timed_metrics(cell, counters, skipped)) {
      const std::string name = cell.short_name + "/" + timed.metric->info.name;
      const Family& family = family_of(*cell.cell, timed.metric->info.name);
      add_iterations(cell, timed, counters, cpu, name, family);
      add_aggregates(cell, timed, counters, cpu, name, family);
    }
  }

 private:
  std::map<std::string, Family> families_;

  // A family is what Google Benchmark registers once (a plugin and metric); its instances
  // are the argument points.
  Family& family_of(const CellResult& cell, const std::string& metric) {
    const std::string key = cell.cell.workload + "/" + cell.cell.plugin + "/" + metric;
    auto [it, added] = families_.try_emplace(key, Family{});
    if (added) it->second.index = static_cast<int>(families_.size() - 1);
    ++it->second.instances;
    return it->second;
  }

  static Json entry(const ExportedCell& cell, const std::string& name, const std::string& run_name,
                    const Family& family, std::size_t repetitions, double real_time,
                    double cpu_share, const std::string& unit) {
    Json e{{"name", name},
           {"family_index", family.index},
           {"per_family_instance_index", family.instances - 1},
           {"run_name", run_name},
           {"repetitions", repetitions},
           {"threads", 1},
           {"iterations", 1},
           {"real_time", real_time},
           {"cpu_time", cpu_share > 0 ? real_time * cpu_share : real_time},
           {"time_unit", unit}};
    // compare.py prints a benchmark's label beside its name; the member marks it for tools.
    if (!cell.disturbed.empty()) {
      e["label"] = "disturbed: " + cell.disturbed;
      e["reactorbench_disturbed"] = true;
    }
    return e;
  }

  void add_iterations(const ExportedCell& cell, const Timed& timed,
                      const std::vector<Counter>& counters, const CpuShare& cpu,
                      const std::string& name, const Family& family) {
    const ExportedMetric& metric = *timed.metric;
    const std::size_t n = metric.samples.empty() ? metric.summary.n : metric.samples.size();
    std::vector<int> rounds;
    for (const auto& s : cell.cell->samples)
      if (s.metrics.count(metric.info.name) > 0) rounds.push_back(s.round);
    for (std::size_t i = 0; i < metric.samples.size(); ++i) {
      const double share = i < rounds.size() ? cpu.of_round(rounds[i]) : cpu.average();
      Json e =
          entry(cell, name, name, family, n, timed.time_of(metric.samples[i]), share, timed.unit);
      e["run_type"] = "iteration";
      e["repetition_index"] = i;
      for (const auto& c : counters)
        if (i < c.metric->samples.size()) e[c.name] = c.metric->samples[i] * c.factor;
      benchmarks.push_back(std::move(e));
    }
  }

  void add_aggregates(const ExportedCell& cell, const Timed& timed,
                      const std::vector<Counter>& counters, const CpuShare& cpu,
                      const std::string& name, const Family& family) {
    const stats::Summary& summary = timed.metric->summary;
    const std::size_t n = timed.metric->samples.empty() ? summary.n : timed.metric->samples.size();
    using Statistic = double stats::Summary::*;
    const std::pair<const char*, Statistic> aggregates[] = {{"mean", &stats::Summary::mean},
                                                            {"median", &stats::Summary::median},
                                                            {"stddev", &stats::Summary::stddev},
                                                            {"cv", &stats::Summary::cv}};
    for (const auto& [aggregate, statistic] : aggregates) {
      const bool cv = std::string_view(aggregate) == "cv";
      const double time = aggregate_time(timed, summary, aggregate, summary.*statistic);
      Json e = entry(cell, name + "_" + aggregate, name, family, n, time, cv ? 1 : cpu.average(),
                     timed.unit);
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
};

}  // namespace

Json google_benchmark_json(const RunResult& run, const ExportChoice& choice,
                           std::vector<std::string>& skipped) {
  Writer writer;
  for (const auto& cell : exported_cells(run, choice)) writer.add(cell, skipped);
  return Json{{"schema_version", kExportSchemaVersion},
              {"context", context_json(run)},
              {"benchmarks", std::move(writer.benchmarks)}};
}

namespace {

class GoogleBenchmark final : public report::Reporter {
 public:
  report::Rendered render(const report::ReportInput& input) const override {
    report::Rendered out;
    const RunResult& run = report::needed(input.run, "a run");
    const ExportChoice choice{input.metrics, input.exclude_disturbed};
    const auto json = google_benchmark_json(run, choice, out.left_out);
    if (json.at("benchmarks").empty())
      throw std::runtime_error(
          nothing_to_export(run, choice, "google-benchmark", "a time or a rate metric"));
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
