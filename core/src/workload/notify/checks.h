// The notify workload's conformance suite.
#pragma once

#include <vector>

#include "workload/checks/check.h"

namespace rb::workload::notify {

std::vector<Check> checks();  // workload "notify"

}  // namespace rb::workload::notify
