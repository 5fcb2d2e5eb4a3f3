#include "serve_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
#include <string_view>
#include <thread>

#include "../pingpong/pingpong_test_support.h"

namespace rbtest {
namespace {

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Forks the runner, runs launch.before_exec with its pid while the child waits on a pipe,
// then lets it exec with TMPDIR set as asked.
pid_t start_held(const std::vector<std::string>& args, const ScratchDir& dir,
                 const ServeLaunch& launch) {
  // Everything is built before the fork: the child of a threaded test may only exec.
  std::vector<std::string> storage = {RB_RUNNER_EXE};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : storage) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_storage;
  for (char** e = environ; *e != nullptr; ++e)
    if (std::string_view(*e).substr(0, 7) != "TMPDIR=") env_storage.emplace_back(*e);
  if (!launch.tmpdir.empty()) env_storage.push_back("TMPDIR=" + launch.tmpdir);
  std::vector<char*> envp;
  for (auto& e : env_storage) envp.push_back(e.data());
  envp.push_back(nullptr);
  const std::string out = (dir.path() / "runner.stdout").string();
  const std::string err = (dir.path() / "runner.stderr").string();
  int hold[2];
  if (::pipe(hold) != 0) return -1;
  int closed_out[2] = {-1, -1};
  if (launch.stdout_closed && ::pipe2(closed_out, O_CLOEXEC) != 0) return -1;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(hold[1]);
    char go = 0;
    if (::read(hold[0], &go, 1) != 1) ::_exit(127);
    ::dup2(launch.stdout_closed ? closed_out[1]
                                : ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644),
           STDOUT_FILENO);
    ::dup2(::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), STDERR_FILENO);
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
  ::close(hold[0]);
  if (launch.stdout_closed) {
    ::close(closed_out[0]);
    ::close(closed_out[1]);
  }
  if (pid > 0 && launch.before_exec) launch.before_exec(pid);
  [[maybe_unused]] const ssize_t sent = ::write(hold[1], "g", 1);
  ::close(hold[1]);
  return pid;
}

}  // namespace

ServeProcess::ServeProcess(const ScratchDir& dir, const std::vector<std::string>& extra,
                           const ServeLaunch& launch)
    : dir_(dir) {
  std::vector<std::string> args = {"serve", "--workload", launch.workload, "--listen",
                                   "127.0.0.1:0"};
  args.insert(args.end(), extra.begin(), extra.end());
  pid_ = start_held(args, dir, launch);
  const std::regex announced(R"(on (?:http://)?127\.0\.0\.1:(\d+))");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < deadline) {
    std::smatch match;
    const std::string text = out();
    if (std::regex_search(text, match, announced)) {
      port_ = std::stoi(match[1]);
      return;
    }
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

ServeProcess::~ServeProcess() {
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
}

int ServeProcess::interrupt_and_wait() {
  return signal_and_wait(SIGINT);
}

int ServeProcess::signal_and_wait(int signal) {
  if (pid_ <= 0) return -1;
  ::kill(pid_, signal);
  const int code = wait_runner(pid_);
  pid_ = -1;
  return code;
}

std::string ServeProcess::out() const {
  return slurp(dir_.path() / "runner.stdout");
}

std::string ServeProcess::err() const {
  return slurp(dir_.path() / "runner.stderr");
}

ShellResult shell(const std::string& command) {
  ShellResult result;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return result;
  char buffer[4096];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) result.output += buffer;
  const int status = ::pclose(pipe);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

}  // namespace rbtest
