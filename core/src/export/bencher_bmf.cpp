#include "export/bencher_bmf.h"

#include <cmath>

#include "export/export_input.h"

namespace rb::exporting {

model::Json bencher_bmf_json(const RunResult& run, const std::vector<std::string>& metrics) {
  model::Json out = model::Json::object();
  for (const auto& cell : exported_cells(run, metrics)) {
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
    if (!measures.empty()) out[cell.name] = std::move(measures);
  }
  return out;
}

namespace {

class BencherBmf final : public report::Reporter {
 public:
  report::Rendered render(const report::ReportInput& input) const override {
    const auto json = bencher_bmf_json(report::needed(input.run, "a run"), input.metrics);
    return {model::dump_json(json, 2) + '\n'};
  }
};

}  // namespace

const report::Reporter& bencher_bmf_reporter() {
  static const BencherBmf reporter;
  return reporter;
}

}  // namespace rb::exporting
