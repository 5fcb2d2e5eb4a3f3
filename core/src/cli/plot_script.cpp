#include "cli/plot_script.h"
#include "model/build_info.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <system_error>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "proc/spawn.h"

namespace rb::cli {
namespace {

std::string env_or(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? std::string(value) : fallback;
}

// A file with no name (memfd): the script's output never lands where someone could have put
// a symlink in its place.
proc::OwnedFd anonymous_file(const char* name) {
  return proc::OwnedFd(::memfd_create(name, MFD_CLOEXEC));
}

std::string read_all(int fd) {
  std::string text;
  char chunk[4096];
  off_t offset = 0;
  for (ssize_t n; (n = ::pread(fd, chunk, sizeof chunk, offset)) > 0; offset += n)
    text.append(chunk, static_cast<std::size_t>(n));
  return text;
}

std::string last_line(const std::string& text) {
  std::string trimmed = text;
  while (!trimmed.empty() && (trimmed.back() == '\n' || trimmed.back() == ' ')) trimmed.pop_back();
  const auto nl = trimmed.rfind('\n');
  return nl == std::string::npos ? trimmed : trimmed.substr(nl + 1);
}

// Runs argv (argv[0] looked up in PATH) with its output in the two files; its wait status,
// or -1 with `error` set when it could not be started.
int run_to_files(const std::vector<std::string>& argv, const proc::OwnedFd& out,
                 const proc::OwnedFd& err, std::string& error) {
  if (!out.valid() || !err.valid()) {
    error = fmt::format("cannot run {}: {}", argv[0], std::strerror(errno));
    return -1;
  }
  proc::SpawnRequest request;
  request.argv = argv;
  request.search_path = true;
  request.fds = {{out.get(), STDOUT_FILENO}, {err.get(), STDERR_FILENO}};
  proc::Spawned spawned;
  try {
    spawned = proc::spawn(request);
  } catch (const std::system_error& e) {
    error = fmt::format("cannot run {}: {}", argv[0], e.code().message());
    return -1;
  }
  const int status = proc::wait_for_exit(spawned.pid);
  if (spawned.exec_error != 0) {
    error = fmt::format("cannot run {}: {}", argv[0], std::strerror(spawned.exec_error));
    return -1;
  }
  return status;
}

}  // namespace

std::vector<std::filesystem::path> plot_script_places() {
  if (const char* script = std::getenv("REACTORBENCH_PLOT_SCRIPT");
      script != nullptr && *script != '\0')
    return {script};
  std::vector<std::filesystem::path> places;
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) places.push_back(exe.parent_path().parent_path() / "share" / "reactorbench" / "plot.py");
  places.push_back(std::filesystem::path(model::source_dir()) / "scripts" / "plot.py");
  return places;
}

PlotOutcome run_plot_script(const std::filesystem::path& results_dir,
                            const std::filesystem::path& out_dir) {
  PlotOutcome outcome;
  const std::vector<std::filesystem::path> places = plot_script_places();
  const auto found = std::find_if(places.begin(), places.end(),
                                  [](const auto& place) { return std::filesystem::exists(place); });
  if (found == places.end()) {
    std::vector<std::string> names;
    for (const auto& place : places) names.push_back(place.string());
    outcome.error = fmt::format("no plot script at {}", fmt::join(names, " nor "));
    return outcome;
  }
  const std::string script = found->string();
  const std::string python =
      env_or("REACTORBENCH_PYTHON",
             std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3");
  std::filesystem::create_directories(out_dir);
  const proc::OwnedFd stdout_file = anonymous_file("plot-stdout");
  const proc::OwnedFd stderr_file = anonymous_file("plot-stderr");

  std::vector<std::string> args = {
      python, script, results_dir.string(), "--out", out_dir.string(), "--formats", "png,svg"};
  const int status = run_to_files(args, stdout_file, stderr_file, outcome.error);
  if (!outcome.error.empty()) return outcome;
  const std::string out = read_all(stdout_file.get());
  const std::string err = read_all(stderr_file.get());
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    outcome.error = fmt::format("{} failed: {}", script, last_line(err.empty() ? out : err));
    return outcome;
  }
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) outcome.files.emplace_back(line);
  return outcome;
}

}  // namespace rb::cli
