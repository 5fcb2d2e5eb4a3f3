// `runner run CONFIG --dry-run`: the cells a run would make, which of them would be skipped or
// fail before starting and why, and the time each is planned to take. Nothing runs, nothing is
// written, no history is touched.
#pragma once

#include <ostream>

#include "config/test_plan.h"
#include "exec/matrix_runner.h"
#include "exec/sharding.h"

namespace rb::cli {

// `shard`: the run measures that shard only (options.only_cells): its cells are listed, and
// how many the whole plan has.
void print_dry_run(const config::TestPlan& plan, const exec::MatrixOptions& options,
                   const exec::ShardChoice* shard, std::ostream& out);

}  // namespace rb::cli
