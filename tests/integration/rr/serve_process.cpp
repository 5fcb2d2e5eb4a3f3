#include "serve_process.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>
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

}  // namespace

ServeProcess::ServeProcess(const ScratchDir& dir, const std::vector<std::string>& extra)
    : dir_(dir) {
  std::vector<std::string> args = {"serve", "--workload", "rr", "--listen", "127.0.0.1:0"};
  args.insert(args.end(), extra.begin(), extra.end());
  pid_ = start_runner(args, dir);
  const std::regex announced(R"(on http://127\.0\.0\.1:(\d+)/)");
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
  if (pid_ <= 0) return -1;
  ::kill(pid_, SIGINT);
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
