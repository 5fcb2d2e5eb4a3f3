// `runner compare` output: an aligned console table, Markdown, JSON or CSV, all from the
// same RunComparison so every format says the same thing.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compare/run_comparison.h"
#include "text/text_table.h"

namespace rb::compare {

// The aligned console table and its Markdown twin: heading, verdict rows, geometric means,
// notes and the verdict line. With colour (the console's choice, never a file's), the verdict
// words, broken cells and the verdict line are painted (verdict_tint.h); the layout is the same.
std::string comparison_text(const RunComparison& comparison, bool colour = false);
std::string comparison_markdown(const RunComparison& comparison);

// The rows' notes (provenance changes, sample-count warnings), one line per distinct note
// with the rows or plugins it concerns.
std::vector<std::string> flagged_lines(const RunComparison& comparison);

// "plugin point: base STATUS, new STATUS: reason" per cell one side could not give numbers
// for, broken_note appended to a broken one's.
std::vector<std::string> uncompared_lines(const RunComparison& comparison,
                                          std::string_view broken_note);

// "2 slower, 10 same, 1 inconclusive -> exit 1 (regression)"
std::string verdict_line(const RunComparison& comparison);

// Whether any row was judged as pairs (both sides in one run: CellComparison::pairing).
bool any_pairing(const RunComparison& comparison);
// Some cell was judged as iteration pairs of one lockstep process (its own conviction edge).
bool any_lockstep(const RunComparison& comparison);

// The rows as cells of a table: plugin, point (the varying parameters only), metric, base,
// new, change, CI, p, verdict (tinted, verdict_tint.h) and why; `fixed` receives the
// parameters common to all rows.
text::TextTable verdict_table(const RunComparison& comparison, std::vector<std::string>& fixed);

// The geometric-mean rows: plugin, metric, ratio, cells and the verdict counts.
text::TextTable summary_table(const RunComparison& comparison);

// "+20.3%" for a ratio of 1.203; "n/a" when not finite.
std::string change_text(double ratio);
// "[+15.1%, +25.2%]"
std::string interval_text(const RatioEstimate& ratio);
// "0.031", "<0.001", "n/a"
std::string p_text(double p);

}  // namespace rb::compare
