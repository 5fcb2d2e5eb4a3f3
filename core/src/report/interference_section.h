// How the reports show interference (exec/interference.h): a mark next to a disturbed
// cell's numbers, a footnote saying what it means, the reasons cell by cell, the retries,
// and the machine facts the run measured at its start and end.
#pragma once

#include <string>
#include <string_view>

#include "model/results.h"

namespace rb::report {

// Appended to a disturbed cell's text in every table (console, summary.md).
inline constexpr std::string_view kDisturbedMark = " !";

// The footnote under the console tables when a cell carries the mark; "" when none does.
std::string disturbed_footnote(const RunResult& run);

// summary.md's "## Interference": the threshold, each disturbed cell with its reason, each
// retried round, the highest foreign share seen; "" when nothing was measured (an old run).
std::string interference_section(const RunResult& run);

// summary.md context lines ("- **Clock:** ...") for the measured machine facts: the
// clock's resolution and overhead, the threshold and the foreign processes; "" when the
// run did not measure them.
std::string machine_context_items(const RunContext& context);

}  // namespace rb::report
