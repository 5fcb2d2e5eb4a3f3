#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <optional>
#include <string>
#include <system_error>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "plugin/probe.h"
#include "proc/child_output.h"
#include "proc/spawn.h"

namespace rb::plugin {

namespace {

using Clock = std::chrono::steady_clock;

// A probe's answer is one short JSON line; anything much larger is not a probe talking.
constexpr std::size_t kMaxOutput = 1 << 20;

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& message) {
  throw LoadError(LoadErrorKind::probe_failed, path, message);
}

std::string signal_name(int signal_number) {
  const char* abbreviation = ::sigabbrev_np(signal_number);
  const char* description = ::strsignal(signal_number);
  std::string name = abbreviation != nullptr ? std::string("SIG") + abbreviation
                                             : fmt::format("signal {}", signal_number);
  if (description != nullptr) name += fmt::format(" ({})", description);
  return name;
}

PluginInfo interpret(const proc::CollectedOutput& outcome, const std::filesystem::path& path,
                     std::chrono::milliseconds timeout) {
  if (outcome.timed_out) {
    fail(path, fmt::format("probe timed out after {} ms and was killed (does the plugin hang "
                           "while loading?)",
                           timeout.count()));
  }
  if (WIFSIGNALED(outcome.wait_status)) {
    // With a result already written the plugin loaded, and died at exit (a destructor).
    fail(path, fmt::format("probe crashed with {} {}", signal_name(WTERMSIG(outcome.wait_status)),
                           outcome.output.empty() ? "while loading the plugin"
                                                  : "at exit, after loading the plugin"));
  }
  const int exit_status = WIFEXITED(outcome.wait_status) ? WEXITSTATUS(outcome.wait_status) : -1;
  const std::string line = outcome.output.substr(0, outcome.output.find('\n'));
  if (line.empty()) {
    fail(path, fmt::format("probe exited with status {} and printed no result", exit_status));
  }
  nlohmann::json result;
  try {
    result = nlohmann::json::parse(line);
    if (result.at("ok").get<bool>()) return plugin_info_from_json(result.at("plugin"));
  } catch (const nlohmann::json::exception& error) {
    fail(path, fmt::format("probe printed a malformed result ({}): {}", error.what(), line));
  }
  const auto kind = load_error_kind_from_string(result.value("kind", ""));
  std::string message = result.value("message", result.value("error", "unknown probe failure"));
  throw LoadError(kind.value_or(LoadErrorKind::probe_failed), path, std::move(message));
}

}  // namespace

PluginInfo probe_plugin(const std::filesystem::path& so_path,
                        const std::filesystem::path& runner_exe,
                        std::chrono::milliseconds timeout) {
  const std::filesystem::path path = std::filesystem::absolute(so_path).lexically_normal();
  std::optional<proc::Pipe> pipe;
  try {
    pipe.emplace();
  } catch (const std::system_error& error) {
    fail(path, error.what());
  }

  const proc::OwnedFd dev_null = proc::open_dev_null();
  proc::SpawnRequest request;
  request.argv = {runner_exe.string(), std::string(kProbeCommand), path.string(),
                  std::to_string(pipe->write_end())};
  request.default_signal_mask = true;
  // Its own process group, so a timeout also kills anything the plugin forked.
  request.own_process_group = true;
  // A plugin crashing in the probe is reported, not left behind as a core file.
  request.no_core_dump = true;
  if (dev_null.valid())
    for (const int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO})
      request.fds.push_back({dev_null.get(), fd});
  request.fds.push_back({pipe->write_end(), pipe->write_end()});

  const auto deadline = Clock::now() + timeout;
  proc::Spawned spawned;
  try {
    spawned = proc::spawn(request);
  } catch (const std::system_error& error) {
    fail(path, error.what());
  }
  pipe->close_write_end();
  if (spawned.exec_error != 0) {
    proc::wait_for_exit(spawned.pid);
    fail(path,
         fmt::format("cannot execute the probe {}: {} ({})", runner_exe.string(),
                     std::strerror(spawned.exec_error), ::strerrorname_np(spawned.exec_error)));
  }
  return interpret(proc::collect_output(spawned.pid, pipe->read_end(), kMaxOutput, deadline), path,
                   timeout);
}

std::function<PluginInfo(const std::filesystem::path&)> child_prober(
    std::filesystem::path runner_exe, std::chrono::milliseconds timeout) {
  return [runner_exe = std::move(runner_exe), timeout](const std::filesystem::path& so_path) {
    return probe_plugin(so_path, runner_exe, timeout);
  };
}

}  // namespace rb::plugin
