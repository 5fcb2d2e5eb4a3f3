// The JSON shape of a cell's kernel counts per event (summary.json's and samples.jsonl's
// "kernel_counts" object): {"unit", "unavailable", "per_event": {KEY: {"per_event",
// "round_min", "round_max"}}}. Results written before they were counted have none.
#pragma once

#include "model/json_codec.h"
#include "model/json_field.h"
#include "model/kernel_counts.h"

namespace rb::model {

Json to_json(const KernelCountSummary& counts);
void from_json(const JsonField& j, KernelCountSummary& counts);

}  // namespace rb::model
