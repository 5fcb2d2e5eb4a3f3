#include "two_hosts_config.h"

#include <fmt/format.h>

#include "netns_pair.h"

namespace rbtest {

std::string launched_config(const std::string& top, const std::string& launch,
                            const std::string& axes, const std::string& timeout) {
  return fmt::format(
      "{}\n[run]\nrepetitions = 2\nwarmup = 0\nrounds = 1\ntimeout = \"{}\"\n{}\n[matrix]\n{}\n",
      top, timeout, launch, axes);
}

std::string one_round_config(const std::string& top, const std::string& launch,
                             const std::string& axes, const std::string& timeout) {
  return fmt::format(
      "{}\n[run]\nrepetitions = 1\nwarmup = 0\nrounds = 1\ntimeout = \"{}\"\n{}\n[matrix]\n{}\n",
      top, timeout, launch, axes);
}

std::string netns_launch(const std::string& server_ns, const std::string& client_ns,
                         const std::string& server_host, const std::string& extra) {
  return fmt::format(
      "server_launcher = [{}]\nclient_launcher = [{}]\nserver_address = \"{}:0\"\n{}",
      NetnsPair::launcher(server_ns), NetnsPair::launcher(client_ns), server_host, extra);
}

RunOutput run_config(const ScratchDir& dir, const std::string& config) {
  return run_runner(run_args(dir, "two.toml", config, RB_TEST_PLUGIN_DIR));
}

nlohmann::json summary_of(const ScratchDir& dir) {
  return read_json(dir.path() / "out" / "summary.json");
}

}  // namespace rbtest
