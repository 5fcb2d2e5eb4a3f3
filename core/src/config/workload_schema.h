// A workload's axes as a config reads them. The types live with the workloads
// (workload/schema.h); the config names them as its own.
#pragma once

#include "workload/schema.h"

namespace rb::config {

using workload::AxisSchema;
using workload::choice_axis;
using workload::duration_axis;
using workload::integer_axis;
using workload::kind_name;
using workload::WorkloadSchema;

}  // namespace rb::config
