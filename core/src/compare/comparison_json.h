// The machine-readable forms of a comparison: JSON (everything, for scripts and the HTML
// report) and CSV (one row per cell and metric, then the geometric-mean rows).
#pragma once

#include <string>

#include "compare/run_comparison.h"
#include "model/json_codec.h"

namespace rb::compare {

// The compare JSON's "schema_version", its first member: 1 is the first versioned layout.
// A change an older script would misread bumps it; a new member it can ignore does not.
inline constexpr int kComparisonSchemaVersion = 1;

model::Json to_json(const CellComparison& row);
model::Json to_json(const RunComparison& comparison);

// to_json(comparison), indented, with a trailing newline.
std::string comparison_json(const RunComparison& comparison);

// kind,plugin,workload,point,metric,unit,lower_is_better,n_base,n_new,base_median,new_median,
// ratio,ci_low,ci_high,p_value,verdict,reason,notes  (kind = cell or geomean)
std::string comparison_csv(const RunComparison& comparison);

}  // namespace rb::compare
