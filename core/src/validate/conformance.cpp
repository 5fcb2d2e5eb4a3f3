#include "validate/conformance.h"

#include "validate/flower_checks.h"
#include "validate/notify_checks.h"
#include "validate/pingpong_checks.h"
#include "validate/rr_checks.h"

namespace rb::validate {
namespace {

const std::vector<Check>& all_checks() {
  static const std::vector<Check> checks = [] {
    std::vector<Check> all;
    for (auto suite : {flower_checks, notify_checks, pingpong_server_checks, pingpong_client_checks,
                       rr_checks}) {
      auto checks = suite();
      all.insert(all.end(), checks.begin(), checks.end());
    }
    return all;
  }();
  return checks;
}

}  // namespace

std::vector<Check> checks_for(std::string_view workload) {
  // A plugin offering both pingpong roles reports "pingpong": each role gets its own suite,
  // against a host peer, exactly as it would in a plugin offering only that role.
  if (workload == "pingpong") {
    auto found = checks_for("pingpong_server");
    const auto client = checks_for("pingpong_client");
    found.insert(found.end(), client.begin(), client.end());
    return found;
  }
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
