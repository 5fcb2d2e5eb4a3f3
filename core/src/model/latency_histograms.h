// The latency histograms a sample carries (Sample::latency_histogram and
// ::uncorrected_latency_histogram) as the result files and the history hold them: the
// non-empty buckets as [[bucket, count], ...] and, beside them, the id of the bucket layout
// those indexes are in. A reader that meets another layout's buckets refuses them by name
// instead of reading them as its own; buckets written before the id existed are in the one
// layout there was then, today's.
#pragma once

#include <string>
#include <string_view>

#include "model/json_field.h"
#include "model/results.h"

namespace rb::model {

// "hdr-log-linear/sub_bits=8/max_bits=42/unit=ns": stats::LatencyHistogram's layout, made
// from its constants, so changing them changes the id.
const std::string& latency_layout();

// Throws JsonError "<where>: histogram layout '<layout>' is not this runner's '<ours>' ..."
// unless `layout` is latency_layout().
void check_latency_layout(std::string_view layout, std::string_view where);

// The JSON members of a sample's histograms: "latency_layout", "latency_histogram",
// "uncorrected_latency_histogram" (each only when there is one); nothing for a sample
// without histograms.
void histograms_to_json(const Sample& sample, Json& out);
// Reads them back into `sample` (absent ones read as empty); a layout other than ours throws
// JsonError naming the field.
void histograms_from_json(const JsonField& j, Sample& sample);

// One histogram alone: [[bucket, count], ...].
Json sparse_to_json(const stats::LatencyHistogram::Sparse& sparse);
stats::LatencyHistogram::Sparse sparse_from_json(const JsonField& j);

}  // namespace rb::model
