// The notify workload's conformance suite (see conformance.h and docs/writing-a-plugin.md).
#pragma once

#include <vector>

#include "validate/conformance.h"

namespace rb::validate {

std::vector<Check> notify_checks();

}  // namespace rb::validate
