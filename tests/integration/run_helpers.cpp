#include "run_helpers.h"

#include <fmt/format.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace rbtest {

pid_t spawn_runner(const std::vector<std::string>& args, const std::filesystem::path& out,
                   const std::filesystem::path& err) {
  return spawn_program(RB_RUNNER_EXE, args, out, err);
}

pid_t spawn_program(const std::string& program, const std::vector<std::string>& args,
                    const std::filesystem::path& out, const std::filesystem::path& err) {
  // argv is built before the fork: the child of a threaded test may only exec.
  std::vector<std::string> storage = {program};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : storage) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int out_fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err_fd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(out_fd, STDOUT_FILENO);
    ::dup2(err_fd, STDERR_FILENO);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  return pid;
}

RunOutput run_runner(const std::vector<std::string>& args) {
  return run_program(RB_RUNNER_EXE, args);
}

RunOutput run_program(const std::string& program, const std::vector<std::string>& args) {
  ScratchDir capture;
  const auto out_path = capture.path() / "stdout";
  const auto err_path = capture.path() / "stderr";
  const pid_t pid = spawn_program(program, args, out_path, err_path);
  int status = 0;
  ::waitpid(pid, &status, 0);
  RunOutput result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  std::stringstream out, err;
  out << std::ifstream(out_path).rdbuf();
  err << std::ifstream(err_path).rdbuf();
  result.out = out.str();
  result.err = err.str();
  return result;
}

std::vector<std::string> read_lines(const std::filesystem::path& file) {
  std::vector<std::string> lines;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

std::vector<std::string> read_sample_lines(const std::filesystem::path& samples_jsonl) {
  std::vector<std::string> out;
  for (auto& line : read_lines(samples_jsonl))
    if (!nlohmann::json::parse(line).contains("event")) out.push_back(std::move(line));
  return out;
}

nlohmann::json read_json(const std::filesystem::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in);
}

std::string run_lines(int repetitions, const std::string& timeout) {
  return "repetitions = " + std::to_string(repetitions) + "\nwarmup = 1\nrounds = 1\ntimeout = \"" +
         timeout + "\"";
}

std::string matrix_config(const std::string& workload, const std::string& plugins,
                          const std::string& run, const std::string& matrix,
                          const std::string& extra) {
  return "workload = \"" + workload + "\"\nplugins = [" + plugins + "]\n\n[run]\n" + run +
         "\n\n[matrix]\n" + matrix + "\n" + extra + "\n";
}

std::vector<std::string> run_args(const ScratchDir& dir, const std::string& name,
                                  const std::string& config, const std::string& plugin_dir) {
  return {"run",           dir.write(name, config).string(),
          "--out",         (dir.path() / "out").string(),
          "--plugin-path", plugin_dir};
}

const nlohmann::json& cell_of(const nlohmann::json& summary, const std::string& plugin) {
  for (const auto& cell : summary.at("cells"))
    if (cell.at("plugin") == plugin) return cell;
  throw std::runtime_error("no cell for " + plugin + " in " + summary.dump());
}

const nlohmann::json& cell_of(const nlohmann::json& summary, const std::string& plugin, int pipes) {
  for (const auto& cell : summary.at("cells"))
    if (cell.at("plugin") == plugin && cell.at("params").at("pipes") == pipes) return cell;
  throw std::runtime_error(fmt::format("no cell for {} pipes={}", plugin, pipes));
}

std::filesystem::path write_rr_site(const ScratchDir& dir, int body_size) {
  std::string body;
  for (int i = 0; i < body_size; ++i) body += (i & 1) ? 'k' : 'o';
  std::filesystem::create_directory(dir.path() / "www");
  dir.write("www/index.html", body);
  return dir.path() / "www";
}

}  // namespace rbtest
