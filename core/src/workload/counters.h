// A plugin's counters as the host reads them: the ones a workload requires of it, and the
// totals of a round's samples.
#pragma once

#include <cstdint>
#include <vector>

#include "model/results.h"
#include "plugin/plugin_call.h"

namespace rb::workload {

// Throws CellFailure "<who> did not report the required counter '<name>'".
std::uint64_t required_counter(const plugin::Counters& counters, const char* who, const char* name);

// The counter `name` summed over samples; a sample without it adds nothing.
std::uint64_t counter_total(const std::vector<Sample>& samples, const char* name);

}  // namespace rb::workload
