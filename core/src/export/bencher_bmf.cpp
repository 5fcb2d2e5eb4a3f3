#include "export/bencher_bmf.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace rb::exporting {
namespace {

double largest_foreign_share(const CellResult& cell) {
  double out = 0;
  for (const auto& round : cell.interference) out = std::max(out, round.foreign_cpu_share);
  return out;
}

}  // namespace

model::Json bencher_bmf_json(const RunResult& run, const ExportChoice& choice) {
  const auto cells = exported_cells(run, choice);
  const bool any_disturbed = std::any_of(
      cells.begin(), cells.end(), [](const ExportedCell& c) { return !c.disturbed.empty(); });
  model::Json out = model::Json::object();
  for (const auto& cell : cells) {
    model::Json measures = model::Json::object();
    for (const auto& metric : cell.metrics) {
      const stats::Summary& s = metric.summary;
      if (!std::isfinite(s.median)) continue;  // BMF's value is a required number
      model::Json measure{{"value", s.median}};
      if (std::isfinite(s.ci_low) && std::isfinite(s.ci_high)) {
        measure["lower_value"] = s.ci_low;
        measure["upper_value"] = s.ci_high;
      }
      measures[metric.info.name] = std::move(measure);
    }
    if (measures.empty()) continue;
    if (any_disturbed)
      measures["disturbed_cpu_share"] = {
          {"value", cell.disturbed.empty() ? 0.0 : largest_foreign_share(*cell.cell)}};
    out[cell.name] = std::move(measures);
  }
  return out;
}

namespace {

class BencherBmf final : public report::Reporter {
 public:
  report::Rendered render(const report::ReportInput& input) const override {
    const RunResult& run = report::needed(input.run, "a run");
    const ExportChoice choice{input.metrics, input.exclude_disturbed};
    const auto json = bencher_bmf_json(run, choice);
    if (json.empty())
      throw std::runtime_error(nothing_to_export(run, choice, "bencher", "a metric"));
    return {model::dump_json(json, 2) + '\n'};
  }
};

}  // namespace

const report::Reporter& bencher_bmf_reporter() {
  static const BencherBmf reporter;
  return reporter;
}

}  // namespace rb::exporting
