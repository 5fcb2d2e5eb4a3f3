#include "pingpong_test_support.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <cerrno>
#include <fstream>
#include <stdexcept>
#include <thread>

namespace rbtest {

std::string PingpongConfig::text() const {
  return fmt::format(R"(workload = "pingpong"
{}

[run]
repetitions = {}
warmup = {}
rounds = 1
timeout = "{}"

[matrix]
{}

{}
)",
                     pairing, repetitions, warmup, timeout, matrix, plugin_options);
}

std::vector<std::string> pingpong_args(const ScratchDir& dir, const PingpongConfig& config) {
  return run_args(dir, "pingpong.toml", config.text(), RB_TEST_PLUGIN_DIR);
}

const nlohmann::json& only_cell(const nlohmann::json& summary) {
  const auto& cells = summary.at("cells");
  if (cells.size() != 1) throw std::runtime_error(fmt::format("{} cells, not 1", cells.size()));
  return cells.at(0);
}

const nlohmann::json& cell_with_plugin(const nlohmann::json& summary, const std::string& label) {
  return cell_of(summary, label);
}

void adopt_orphans() {
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
}

bool no_orphans() {
  int status = 0;
  errno = 0;
  return ::waitpid(-1, &status, WNOHANG) < 0 && errno == ECHILD;
}

bool port_accepts(std::uint16_t port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(port);
  const bool connected =
      ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
  ::close(fd);
  return connected;
}

std::optional<std::uint16_t> read_port_file(const std::filesystem::path& file,
                                            std::chrono::milliseconds wait) {
  const auto until = std::chrono::steady_clock::now() + wait;
  while (true) {
    std::ifstream in(file);
    unsigned port = 0;
    if (in >> port && port > 0) return static_cast<std::uint16_t>(port);
    if (std::chrono::steady_clock::now() >= until) return std::nullopt;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

pid_t start_runner(const std::vector<std::string>& args, const ScratchDir& dir) {
  return spawn_runner(args, dir.path() / "runner.stdout", dir.path() / "runner.stderr");
}

int wait_runner(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace rbtest
