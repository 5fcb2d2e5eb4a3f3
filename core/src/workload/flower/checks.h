// The flower workload's conformance suite.
#pragma once

#include <vector>

#include "workload/checks/check.h"

namespace rb::workload::flower {

std::vector<Check> checks();  // workload "flower"

}  // namespace rb::workload::flower
