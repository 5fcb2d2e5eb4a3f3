#include "validate/conformance.h"

#include "validate/flower_checks.h"
#include "validate/notify_checks.h"

namespace rb::validate {
namespace {

const std::vector<Check>& all_checks() {
  static const std::vector<Check> checks = [] {
    std::vector<Check> all;
    for (auto suite : {flower_checks, notify_checks}) {
      auto checks = suite();
      all.insert(all.end(), checks.begin(), checks.end());
    }
    return all;
  }();
  return checks;
}

}  // namespace

std::vector<Check> checks_for(std::string_view workload) {
  std::vector<Check> found;
  for (const auto& check : all_checks())
    if (check.workload == workload) found.push_back(check);
  return found;
}

const Check* find_check(std::string_view name) {
  for (const auto& check : all_checks())
    if (check.name == name) return &check;
  return nullptr;
}

}  // namespace rb::validate
