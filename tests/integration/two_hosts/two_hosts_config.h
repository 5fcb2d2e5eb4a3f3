// The configs the two-hosts tests run: a workload between two network namespaces with
// `ip netns exec` as the role launchers, and running them with the test plugins.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "../../support/capability.h"
#include "../run_helpers.h"

namespace rbtest {

// A config: `top` (the workload, its plugins), [run] with `launch`, [matrix] `axes`.
std::string launched_config(const std::string& top, const std::string& launch,
                            const std::string& axes, const std::string& timeout = "60s");

// The same with one repetition: one round of each cell.
std::string one_round_config(const std::string& top, const std::string& launch,
                             const std::string& axes, const std::string& timeout = "60s");

// [run]'s launcher lines: the server in `server_ns` binding `server_host`, the client in
// `client_ns`, then `extra` lines.
std::string netns_launch(const std::string& server_ns, const std::string& client_ns,
                         const std::string& server_host, const std::string& extra = "");

inline constexpr const char* kPingpong =
    "workload = \"pingpong\"\nplugins = [\"raw-epoll\", \"libevent2\"]";
inline constexpr const char* kPingpongAxes =
    "block_size = [4096]\nsessions = [4]\nthreads = [1]\nduration = [\"200ms\"]\nverify = "
    "[\"all\"]";
inline constexpr const char* kRr = "workload = \"rr\"\nplugins = [\"raw-epoll\", \"muduo\"]";
inline constexpr const char* kRrOne = "workload = \"rr\"\nplugins = [\"raw-epoll\"]";
inline constexpr const char* kRrAxes =
    "connections = [4]\nload_percent = [0]\nbody_size = [2]\nthreads = [1]\nduration = "
    "[\"200ms\"]";

// In a test: skipped with the reason when the NetnsPair (or wire) could not be made.
#define SKIP_WITHOUT_NAMESPACES(hosts) \
  if (!(hosts).error().empty()) RB_SKIP_WITHOUT("netns") << (hosts).error()

// `runner run` on `config` in `dir` with the test plugins; the results in dir/out.
RunOutput run_config(const ScratchDir& dir, const std::string& config);
nlohmann::json summary_of(const ScratchDir& dir);

}  // namespace rbtest
