// Helpers for the pingpong end-to-end tests: configs, reading results, and the checks that
// a run left nothing behind (no process outliving the runner, no port still open).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../run_helpers.h"

namespace rbtest {

struct PingpongConfig {
  std::string pairing = R"(plugins = ["raw-epoll"])";  // top-level keys naming the plugins
  std::string matrix;                                  // extra [matrix] lines
  int repetitions = 1;
  int warmup = 0;
  std::string timeout = "20s";
  std::string plugin_options;  // whole [plugin_options.X] tables

  std::string text() const;
};

// `runner run CONFIG --out DIR/out --plugin-path <test plugins>`.
std::vector<std::string> pingpong_args(const ScratchDir& dir, const PingpongConfig& config);

const nlohmann::json& only_cell(const nlohmann::json& summary);
const nlohmann::json& cell_with_plugin(const nlohmann::json& summary, const std::string& label);

// Makes this test process the reaper of whatever the runner leaves behind, so that an
// orphaned cell process shows up as our child.
void adopt_orphans();
// True when no process the runner started is left (alive or unreaped): our only child was
// the runner, and it has been waited for.
bool no_orphans();

// Whether something accepts TCP connections on 127.0.0.1:port.
bool port_accepts(std::uint16_t port);
// The port the pingpong-faulty server wrote into `file`, waiting up to `wait` for it.
std::optional<std::uint16_t> read_port_file(const std::filesystem::path& file,
                                            std::chrono::milliseconds wait);

// The runner started in the background (stdout and stderr into dir), for tests that signal it.
pid_t start_runner(const std::vector<std::string>& args, const ScratchDir& dir);
// Its exit code (128 + signal when killed).
int wait_runner(pid_t pid);

}  // namespace rbtest
