// `runner validate --option [WORKLOAD:]KEY=VALUE`: plugins know different keys per workload
// (libevent2's flower takes backend=, its notify wakeup=), so an option may name the
// workload whose prepare/start it is for; one without a workload goes to every workload.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rb::validate {

struct ScopedOption {
  std::string workload;  // empty: every workload
  std::string key;
  std::string value;
};

// "flower:backend=poll", "backend=poll". The workload is one the runner knows, or a pingpong
// role ("pingpong_server", "pingpong_client"); "pingpong" means both roles. Throws
// std::invalid_argument saying what is wrong.
ScopedOption parse_scoped_option(std::string_view text);

// The KEY=VALUE pairs a check of `workload` (a Check::workload) passes, in the order given.
std::vector<std::pair<std::string, std::string>> options_for(
    const std::vector<ScopedOption>& options, std::string_view workload);

}  // namespace rb::validate
