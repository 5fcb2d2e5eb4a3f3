// `runner run CONFIG --dry-run`: the cells a run would make, which of them would be skipped or
// fail before starting and why, and the time each is expected to take: what its rounds took in
// the newest earlier run of the config on this host, else the workload's planned time
// (exec/round_time_priors.h). Nothing runs, nothing is written, no history is touched.
#pragma once

#include <ostream>

#include "config/test_plan.h"
#include "exec/matrix_runner.h"
#include "exec/round_time_priors.h"
#include "exec/sharding.h"

namespace rb::cli {

// `shard`: the run measures that shard only (options.only_cells): its cells are listed, and
// how many the whole plan has. `earlier`: the earlier run's round times, if any.
void print_dry_run(const config::TestPlan& plan, const exec::MatrixOptions& options,
                   const exec::ShardChoice* shard, const exec::EarlierRoundTimes* earlier,
                   std::ostream& out);

}  // namespace rb::cli
