#include "export/github_action_benchmark.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "export/export_input.h"
#include "report/number_format.h"

namespace rb::exporting {

model::Json github_action_benchmark_json(const RunResult& run, Direction direction,
                                         const ExportChoice& choice,
                                         std::vector<std::string>& skipped) {
  const bool want_lower = direction == Direction::smaller_is_better;
  const std::string machine = machine_summary(run.context);
  model::Json out = model::Json::array();
  for (const auto& cell : exported_cells(run, choice)) {
    for (const auto& metric : cell.metrics) {
      const stats::Summary& s = metric.summary;
      if (metric.info.lower_is_better != want_lower) {
        if (std::find(skipped.begin(), skipped.end(), metric.info.name) == skipped.end())
          skipped.push_back(metric.info.name);
        continue;
      }
      if (!std::isfinite(s.median)) continue;
      model::Json e{{"name", cell.name + "/" + metric.info.name},
                    {"unit", metric.info.unit.empty() ? metric.info.name : metric.info.unit},
                    {"value", s.median}};
      if (std::isfinite(s.ci_low) && std::isfinite(s.ci_high))
        e["range"] = "± " + report::format_significant(
                                std::max(s.median - s.ci_low, s.ci_high - s.median), 3);
      e["extra"] =
          (cell.disturbed.empty() ? "" : "DISTURBED: " + cell.disturbed + "\n") +
          fmt::format("median of {} samples, {:g}% CI [{}, {}]\nplugin: {}\n{}\nschema_version: {}",
                      s.n, s.ci_level * 100, report::format_significant(s.ci_low, 4),
                      report::format_significant(s.ci_high, 4), provenance_summary(*cell.cell),
                      machine, kExportSchemaVersion);
      out.push_back(std::move(e));
    }
  }
  return out;
}

namespace {

class GithubActionBenchmark final : public report::Reporter {
 public:
  explicit GithubActionBenchmark(Direction direction) : direction_(direction) {}
  report::Rendered render(const report::ReportInput& input) const override {
    report::Rendered out;
    const RunResult& run = report::needed(input.run, "a run");
    const ExportChoice choice{input.metrics, input.exclude_disturbed};
    const auto json = github_action_benchmark_json(run, direction_, choice, out.left_out);
    if (json.empty())
      throw std::runtime_error(nothing_to_export(
          run, choice,
          direction_ == Direction::smaller_is_better ? "custom-smaller-is-better"
                                                     : "custom-bigger-is-better",
          direction_ == Direction::smaller_is_better ? "a smaller-is-better metric"
                                                     : "a bigger-is-better metric"));
    out.text = model::dump_json(json, 2) + '\n';
    return out;
  }

 private:
  Direction direction_;
};

}  // namespace

const report::Reporter& github_action_benchmark_reporter(Direction direction) {
  static const GithubActionBenchmark smaller(Direction::smaller_is_better);
  static const GithubActionBenchmark bigger(Direction::bigger_is_better);
  return direction == Direction::smaller_is_better ? smaller : bigger;
}

}  // namespace rb::exporting
