#include "config_test_support.h"

#include <gtest/gtest.h>

namespace rb::config::testing {

bool FakeLookup::has_plugin(std::string_view name) const {
  return name == "libevent2" || name == "raw-epoll" || name == "notify-only";
}

bool FakeLookup::supports(std::string_view plugin, std::string_view workload) const {
  if (plugin == "notify-only") return workload == "notify";
  return has_plugin(plugin) && workload == "flower";
}

std::vector<std::string> FakeLookup::plugin_names() const {
  return {"libevent2", "raw-epoll", "notify-only"};
}

const char* const example_config = R"(workload = "flower"
plugins = ["libevent2", "raw-epoll"]

[run]
repetitions = 25     # measured iterations per cell
warmup = 1           # iterations dropped first
rounds = 1           # child processes per cell; plugins interleaved round by round
timeout = "60s"      # per child process
cpus = [1]           # optional CPU affinity of the measured loop

[matrix]             # every axis is a list; the cells are the cartesian product
pipes = [100, 1000]
active = [100, 1000]
writes = [100]
transport = ["socketpair"]   # or "pipe"

[plugin_options.libevent2]   # optional, passed through to the plugin as strings
backend = "epoll"
)";

const char* const minimal_config = R"(workload = "flower"
plugins = ["libevent2", "raw-epoll"]
[matrix]
pipes = [100]
active = [10]
)";

std::string error_of(std::string_view text, const Overrides& overrides,
                     const PluginLookup* catalog) {
  try {
    parse_plan(text, "t.toml", catalog, overrides);
  } catch (const ConfigError& error) {
    return error.what();
  } catch (const std::exception& error) {
    ADD_FAILURE() << "not a ConfigError: " << error.what();
    return "other exception";
  }
  return "no error";
}

}  // namespace rb::config::testing
