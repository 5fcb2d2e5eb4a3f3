// Whether a command's console output gets colour under its --color option (declared with the
// other shared options: cli/shared_options.h); text/colour_mode.h makes the decision.
#pragma once

#include <string>

#include "cli/shared_options.h"

namespace rb::cli {

// Whether output to fd gets colour under that option's value (an unknown value: none).
bool colour_for(const std::string& mode, int fd);

}  // namespace rb::cli
