#include "cli/html_bisect.h"

#include <fmt/format.h>

#include "model/json_field.h"
#include "model/regular_file.h"

namespace rb::cli {
namespace {

// A bisect of many steps is a few KiB; the bound only keeps a planted file out.
constexpr model::FileBound kBisectBound{"bisect.json", 16u << 20};

html::BisectPath read_path(const model::JsonField& json) {
  html::BisectPath path;
  path.good = json.at("good").get<std::string>();
  path.bad = json.at("bad").get<std::string>();
  path.decided_by = json.value("decided_by", "");
  path.whole = json.value("whole", "");
  path.summary = json.at("summary").get<std::string>();
  path.group = json.value("group", "");
  for (const auto& step : json.at("steps").elements())
    path.steps.push_back({step.at("commit").get<std::string>(), step.value("subject", ""),
                          step.at("verdict").get<std::string>(), step.value("why", "")});
  return path;
}

}  // namespace

void add_bisect(const LoadedRun& run, html::ReportSection& section) {
  if (run.results_dir.empty()) return;
  const auto file = run.results_dir / "bisect.json";
  try {
    const auto text = model::read_regular_file_if_present(file, kBisectBound);
    if (!text) return;
    const model::Json document = model::parse_json(*text, file);
    section.bisect = read_path(model::JsonField(document));
  } catch (const std::exception& e) {
    section.bisect_note = fmt::format("{}: not read: {}", file.string(), e.what());
  }
}

}  // namespace rb::cli
