#include "cli/html_history.h"

#include <algorithm>

#include <fmt/format.h>

#include "store/history_changes.h"
#include "store/run_reader.h"
#include "store/schema.h"
#include "store/store_url.h"

namespace rb::cli {

void add_history(const LoadedRun& run, const RunSourceOptions& sources,
                 html::ReportSection& section) {
  const std::optional<std::filesystem::path> path = history_store_of(run, sources);
  if (!path) return;
  try {
    store::Database db = store::open_history_for_reading(*path);
    bool in_this_store = false;
    store::RunFilter filter = earlier_runs(run, *path, in_this_store);
    if (in_this_store) {
      filter.before_id = *run.store_id + 1;  // the run itself and the ones before it
      section.store_run = *run.store_id;
    }
    const auto runs = store::list_runs(db, filter, kReportHistoryRuns);
    if (runs.size() < 3) {
      section.history_note = fmt::format(
          "{} finished stored run{} of config '{}' on host '{}' so far: a history "
          "needs at least 3.",
          runs.size(), runs.size() == 1 ? "" : "s", filter.config_name, filter.host);
      return;
    }
    auto series = store::cell_history(db, store::CellFilter(), {}, filter, kReportHistoryRuns);
    std::erase_if(series, [](const auto& s) { return !store::headline_series(s); });
    for (auto& s : series) section.history.push_back(store::find_series_changes(std::move(s)));
    section.history_note =
        fmt::format("The newest {} finished runs of config '{}' on host '{}' in {}{}.", runs.size(),
                    filter.config_name, filter.host, store::short_location(path->string()),
                    in_this_store ? "" : " (before this run, which is not in that store)");
  } catch (const std::exception& e) {
    section.history_note = std::string("No history: ") + e.what();
  }
}

}  // namespace rb::cli
