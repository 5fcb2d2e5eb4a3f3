#include "model/kernel_counts_json.h"

namespace rb::model {

Json to_json(const KernelCountSummary& counts) {
  Json per_event = Json::object();
  for (const auto& [key, value] : counts.per_event)
    per_event[key] = {{"per_event", value.per_event},
                      {"round_min", value.round_min},
                      {"round_max", value.round_max}};
  Json out = {{"unit", counts.unit}, {"per_event", std::move(per_event)}};
  if (!counts.unavailable.empty()) out["unavailable"] = counts.unavailable;
  return out;
}

void from_json(const JsonField& j, KernelCountSummary& counts) {
  counts = {};
  counts.unit = j.at("unit").get<std::string>();
  counts.unavailable = j.value("unavailable", "");
  for (const auto& [key, value] : j.at("per_event").members())
    counts.per_event[key] = {value.at("per_event").get<double>(),
                             value.at("round_min").get<double>(),
                             value.at("round_max").get<double>()};
}

}  // namespace rb::model
