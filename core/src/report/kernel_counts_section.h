// summary.md's "Kernel counts per event" section: per cell, the system calls, context switches
// and page faults the kernel counted in its measured phases over the events it did there
// (model/kernel_counts.h), with its rounds' range; and why, where they could not be counted.
#pragma once

#include <string>

#include "model/results.h"

namespace rb::report {

std::string kernel_counts_section(const RunResult& run);

// "1.02 [1.01..1.03]": a cell's count per event with its rounds' range ("1.02" when the
// rounds agree to the digits shown).
std::string format_count_per_event(const KernelCountPerEvent& count);

}  // namespace rb::report
