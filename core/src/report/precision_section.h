// summary.md's "Precision" section: per cell and headline metric, how wide the interval is,
// how much of the noise lies between rounds (processes) rather than inside them, and how many
// rounds and iterations would bring the interval to the target width (Kalibera & Jones).
#pragma once

#include <string>

#include "model/results.h"

namespace rb::report {

std::string precision_section(const RunResult& run);

}  // namespace rb::report
