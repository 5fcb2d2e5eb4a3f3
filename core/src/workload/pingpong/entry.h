// The pingpong workload's registry entry (workload/registry.h) and the parts it is made of:
// driver.h runs a cell, schema.cpp its axes, metrics.cpp what it reports, abi_table.h its
// table in the plugin descriptor, checks.h its conformance suite.
#pragma once

#include <vector>

#include "model/metric_info.h"
#include "workload/registry.h"
#include "workload/schema.h"

namespace rb::workload::pingpong {

WorkloadSchema schema();
std::vector<MetricInfo> metrics();

WorkloadEntry entry();

}  // namespace rb::workload::pingpong
