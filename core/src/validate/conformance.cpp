#include "validate/conformance.h"

#include "workload/registry.h"

namespace rb::validate {

std::vector<Check> checks_for(std::string_view workload) {
  // A plugin offering a whole workload (pingpong's two roles) gets every part's checks, each
  // against a host peer, exactly as it would in a plugin offering only that part.
  const workload::WorkloadEntry* entry = workload::find_entry(workload);
  std::vector<Check> found;
  for (const auto& check : workload::all_checks())
    if (check.workload == workload ||
        (entry != nullptr && workload::owner_of(check.workload) == entry))
      found.push_back(check);
  return found;
}

const Check* find_check(std::string_view name) {
  for (const auto& check : workload::all_checks())
    if (check.name == name) return &check;
  return nullptr;
}

}  // namespace rb::validate
