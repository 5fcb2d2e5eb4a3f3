#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "plugin/probe.h"

namespace rb::plugin {

namespace {

using Clock = std::chrono::steady_clock;

// A probe's answer is one short JSON line; anything much larger is not a probe talking.
constexpr std::size_t kMaxOutput = 1 << 20;

struct ChildOutcome {
  std::string output;
  int wait_status = 0;
  bool timed_out = false;
};

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& message) {
  throw LoadError(LoadErrorKind::probe_failed, path, message);
}

class Pipe {
 public:
  explicit Pipe(const std::filesystem::path& path) {
    if (::pipe2(fds_.data(), O_CLOEXEC) != 0)
      fail(path, fmt::format("pipe: {}", std::strerror(errno)));
    // The child puts /dev/null on 0-2; the write end must not be one of them.
    if (fds_[1] <= STDERR_FILENO) {
      const int moved = ::fcntl(fds_[1], F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
      ::close(fds_[1]);
      fds_[1] = moved;
      if (moved < 0) fail(path, fmt::format("fcntl: {}", std::strerror(errno)));
    }
  }
  ~Pipe() {
    close_write_end();
    if (fds_[0] >= 0) ::close(fds_[0]);
  }
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;

  int read_end() const { return fds_[0]; }
  int write_end() const { return fds_[1]; }
  void close_write_end() {
    if (fds_[1] >= 0) ::close(fds_[1]);
    fds_[1] = -1;
  }

 private:
  std::array<int, 2> fds_{-1, -1};
};

// Between fork and exec only async-signal-safe calls: everything was prepared by the parent.
[[noreturn]] void exec_child(const std::vector<char*>& argv, int result_fd,
                             const std::string& exec_failure_line) {
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  // Its own process group, so a timeout also kills anything the plugin forked.
  setpgid(0, 0);
  // A plugin crashing in the probe is reported, not left behind as a core file.
  const rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  const int null_fd = ::open("/dev/null", O_RDWR);
  if (null_fd >= 0) {
    ::dup2(null_fd, STDIN_FILENO);
    ::dup2(null_fd, STDOUT_FILENO);
    ::dup2(null_fd, STDERR_FILENO);
  }
  ::fcntl(result_fd, F_SETFD, 0);
  ::execv(argv[0], argv.data());
  [[maybe_unused]] const ssize_t ignored =
      ::write(result_fd, exec_failure_line.data(), exec_failure_line.size());
  ::_exit(127);
}

// Reads what is available without blocking; returns false at end of file.
bool drain(int fd, std::string& output) {
  std::array<char, 4096> buffer{};
  while (true) {
    const ssize_t got = ::read(fd, buffer.data(), buffer.size());
    if (got > 0) {
      if (output.size() < kMaxOutput) output.append(buffer.data(), static_cast<std::size_t>(got));
      continue;
    }
    if (got < 0 && errno == EINTR) continue;
    if (got < 0 && errno == EAGAIN) return true;
    return false;
  }
}

ChildOutcome wait_for_child(pid_t pid, int read_fd, Clock::time_point deadline) {
  ChildOutcome outcome;
  ::fcntl(read_fd, F_SETFL, ::fcntl(read_fd, F_GETFL) | O_NONBLOCK);
  bool open = true;
  while (true) {
    if (open) open = drain(read_fd, outcome.output);
    const pid_t waited = ::waitpid(pid, &outcome.wait_status, WNOHANG);
    if (waited == pid || (waited < 0 && errno != EINTR)) {
      // Whatever a grandchild still holding the pipe might add is not the probe's answer.
      if (open) drain(read_fd, outcome.output);
      return outcome;
    }
    const auto now = Clock::now();
    if (now >= deadline) {
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      while (::waitpid(pid, &outcome.wait_status, 0) < 0 && errno == EINTR) {
      }
      outcome.timed_out = true;
      return outcome;
    }
    // Poll the pipe while it is open; once it is closed only the exit is left to notice.
    const auto remaining = std::chrono::ceil<std::chrono::milliseconds>(deadline - now);
    const auto slice = std::min<std::chrono::milliseconds>(
        remaining, open ? std::chrono::milliseconds(50) : std::chrono::milliseconds(2));
    pollfd poll_fd{read_fd, POLLIN, 0};
    ::poll(&poll_fd, open ? 1 : 0, static_cast<int>(slice.count()));
  }
}

std::string signal_name(int signal_number) {
  const char* abbreviation = ::sigabbrev_np(signal_number);
  const char* description = ::strsignal(signal_number);
  std::string name = abbreviation != nullptr ? std::string("SIG") + abbreviation
                                             : fmt::format("signal {}", signal_number);
  if (description != nullptr) name += fmt::format(" ({})", description);
  return name;
}

PluginInfo interpret(const ChildOutcome& outcome, const std::filesystem::path& path,
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
  Pipe pipe(path);

  std::vector<std::string> args = {runner_exe.string(), std::string(kProbeCommand), path.string(),
                                   std::to_string(pipe.write_end())};
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  const std::string exec_failure_line =
      nlohmann::json{{"ok", false},
                     {"kind", to_string(LoadErrorKind::probe_failed)},
                     {"message", fmt::format("cannot execute the probe {}", runner_exe.string())}}
          .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) +
      "\n";

  const auto deadline = Clock::now() + timeout;
  const pid_t pid = ::fork();
  if (pid < 0) fail(path, fmt::format("fork: {}", std::strerror(errno)));
  if (pid == 0) exec_child(argv, pipe.write_end(), exec_failure_line);
  // Also set here: whichever of parent and child runs first, the group exists before a kill.
  ::setpgid(pid, pid);

  pipe.close_write_end();
  return interpret(wait_for_child(pid, pipe.read_end(), deadline), path, timeout);
}

std::function<PluginInfo(const std::filesystem::path&)> child_prober(
    std::filesystem::path runner_exe, std::chrono::milliseconds timeout) {
  return [runner_exe = std::move(runner_exe), timeout](const std::filesystem::path& so_path) {
    return probe_plugin(so_path, runner_exe, timeout);
  };
}

}  // namespace rb::plugin
