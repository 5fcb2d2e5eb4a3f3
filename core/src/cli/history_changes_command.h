// `runner history --changes` and `runner history --check-newest`: change points in each
// cell's series of run medians, and the newest run judged against its history's level
// (the nightly's verdict once a config has enough stored runs).
#pragma once

#include "cli/history_command.h"
#include "store/database.h"
#include "store/run_reader.h"

namespace rb::cli {

// Exit codes as `runner compare`'s: 0 no regression, 1 regression, 2 error, 3 nothing to
// judge (too few runs) or only inconclusive cells. --changes itself exits 0 (or 2).
int show_history_changes(store::Database& db, const store::RunFilter& filter,
                         const HistoryArgs& args);
int check_newest_run(store::Database& db, const store::RunFilter& filter, const HistoryArgs& args);

}  // namespace rb::cli
