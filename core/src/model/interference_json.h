// The JSON shape of what exec/interference measured: a round's record (summary.json's
// per-round list and samples.jsonl's interference lines) and a cell's "interference" object.
// Results written before it was measured have none: they read back as not measured (an
// empty list, not disturbed).
#pragma once

#include "model/json_codec.h"
#include "model/json_field.h"
#include "model/results.h"

namespace rb::model {

Json to_json(const RoundInterference& round);
void from_json(const JsonField& j, RoundInterference& round);

// {"max_foreign_cpu_share", "max_steal_share", "disturbed", "disturbance", "rounds": [...]};
// null when the cell has no measured round (skipped, failed to load, an old result).
Json cell_interference_to_json(const CellResult& cell);
// Fills interference, disturbed and disturbance from a cell's JSON (absent = not measured).
void cell_interference_from_json(const JsonField& cell_json, CellResult& cell);

// The run context's measured fields: clock_resolution_ns, clock_overhead_ns,
// disturbance_threshold, foreign_processes (added to / read from the context object; absent
// in an old one leaves the defaults).
void add_machine_fields(const RunContext& context, Json& out);
void read_machine_fields(const JsonField& j, RunContext& context);

}  // namespace rb::model
