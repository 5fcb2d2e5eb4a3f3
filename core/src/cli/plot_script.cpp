#include "cli/plot_script.h"
#include "model/build_info.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "proc/spawn.h"

namespace rb::cli {
namespace {

std::string env_or(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? std::string(value) : fallback;
}

std::string read_all(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string last_line(const std::string& text) {
  std::string trimmed = text;
  while (!trimmed.empty() && (trimmed.back() == '\n' || trimmed.back() == ' ')) trimmed.pop_back();
  const auto nl = trimmed.rfind('\n');
  return nl == std::string::npos ? trimmed : trimmed.substr(nl + 1);
}

// Runs argv (argv[0] looked up in PATH) with its output in the two files; its wait status,
// or -1 with `error` set when it could not be started.
int run_to_files(const std::vector<std::string>& argv, const std::filesystem::path& stdout_path,
                 const std::filesystem::path& stderr_path, std::string& error) {
  const auto create = [](const std::filesystem::path& path) {
    return proc::OwnedFd(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
  };
  const proc::OwnedFd out = create(stdout_path);
  const proc::OwnedFd err = create(stderr_path);
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

PlotOutcome run_plot_script(const std::filesystem::path& results_dir,
                            const std::filesystem::path& out_dir) {
  PlotOutcome outcome;
  const std::string script =
      env_or("REACTORBENCH_PLOT_SCRIPT",
             (std::filesystem::path(model::source_dir()) / "scripts" / "plot.py").string());
  const std::string python =
      env_or("REACTORBENCH_PYTHON",
             std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3");
  if (!std::filesystem::exists(script)) {
    outcome.error = "no plot script at " + script;
    return outcome;
  }
  std::filesystem::create_directories(out_dir);
  const auto stdout_path = out_dir / ".plot.stdout";
  const auto stderr_path = out_dir / ".plot.stderr";

  std::vector<std::string> args = {
      python, script, results_dir.string(), "--out", out_dir.string(), "--formats", "png,svg"};
  const int status = run_to_files(args, stdout_path, stderr_path, outcome.error);
  if (!outcome.error.empty()) return outcome;
  const std::string out = read_all(stdout_path);
  const std::string err = read_all(stderr_path);
  std::error_code ec;
  std::filesystem::remove(stdout_path, ec);
  std::filesystem::remove(stderr_path, ec);
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
