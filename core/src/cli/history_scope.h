// What `runner history --changes` and `--check-newest` look at: the finished runs of one
// config on one host, and the series of their cells' medians the options select.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/history_command.h"
#include "report/listing.h"
#include "stats/change_points.h"
#include "store/database.h"
#include "store/history_query.h"
#include "store/run_reader.h"

namespace rb::cli {

// Without --config, the newest finished run's config; without --host, that run's host: a
// series mixing machines would find the machines, not the code.
struct HistoryScope {
  store::RunFilter filter;
  std::vector<store::StoredRun> runs;  // newest first, all of them
};

// nullopt when no finished run matches `given`.
std::optional<HistoryScope> resolve_history_scope(store::Database& db,
                                                  const store::RunFilter& given);

// "config 'flower' on host 'box'".
std::string scope_text(const HistoryScope& scope);

stats::ChangePointOptions change_point_options(const HistoryArgs& args);

// The scope's series matching --cell and --metric; without --metric only headline ones.
std::vector<store::CellHistory> selected_series(store::Database& db, const HistoryScope& scope,
                                                const HistoryArgs& args);

// "+3.1%", or "n/a".
std::string signed_percent(double fraction);

// A listing printed as --format and --color say; returns code.
int print_history_listing(const report::Listing& listing, const HistoryArgs& args, int code = 0);

}  // namespace rb::cli
