// Version 4 of the history: what exec/interference measured, as columns and rows a query can
// use ("which runs had disturbed cells", "how fast was the canary on this host last month").
// The same facts also live in each cell's result JSON and the run's context JSON, which is
// what the readers rebuild a RunResult from; these rows are for SQL.
#pragma once

#include <cstdint>

#include "model/results.h"
#include "store/database.h"

namespace rb::store {

// The cell's cell_rounds rows (one per kept round) and its cells.disturbed / disturbance
// columns; nothing for a cell without measured rounds (the columns stay NULL: not measured).
// The caller holds the transaction.
void insert_cell_interference(Database& db, std::int64_t cell_id, const CellResult& cell);

// runs' clock_resolution_ns, clock_overhead_ns, disturbance_threshold and foreign_processes
// columns from the context.
void update_run_machine_fields(Database& db, std::int64_t run_id, const RunContext& context);

}  // namespace rb::store
