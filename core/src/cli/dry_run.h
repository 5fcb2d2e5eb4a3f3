// `runner run CONFIG --dry-run`: the cells a run would make, which of them would be skipped or
// fail before starting and why, and the time each is planned to take. Nothing runs, nothing is
// written, no history is touched.
#pragma once

#include <ostream>

#include "config/test_plan.h"
#include "exec/matrix_runner.h"

namespace rb::cli {

void print_dry_run(const config::TestPlan& plan, const exec::MatrixOptions& options,
                   std::ostream& out);

}  // namespace rb::cli
