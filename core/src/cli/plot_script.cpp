#include "cli/plot_script.h"
#include "model/build_info.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

extern char** environ;

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

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdout_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_path.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<std::string> args = {
      python, script, results_dir.string(), "--out", out_dir.string(), "--formats", "png,svg"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, python.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    outcome.error = fmt::format("cannot run {}: {}", python, std::strerror(spawned));
    return outcome;
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
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
