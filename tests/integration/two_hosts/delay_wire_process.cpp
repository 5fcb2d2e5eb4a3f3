#include "delay_wire_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

namespace rbtest {
namespace {

std::string text_of(const std::filesystem::path& file) {
  std::stringstream text;
  text << std::ifstream(file).rdbuf();
  return text.str();
}

int exit_code(int status) {
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

std::string DelayWireProcess::unavailable_reason() {
  const int fd = ::open("/dev/net/tun", O_RDWR | O_CLOEXEC);
  if (fd < 0)
    return fmt::format("no TUN devices here: open /dev/net/tun: {}", std::strerror(errno));
  ::close(fd);
  return "";
}

DelayWireProcess::DelayWireProcess(const std::string& server_ns, const std::string& client_ns,
                                   const std::string& delay_ms, const ScratchDir& dir)
    : out_(dir.path() / "wire.out"),
      err_(dir.path() / "wire.err"),
      stats_(dir.path() / "wire.stats") {
  pid_ = spawn_program(RB_DELAY_WIRE_EXE,
                       {"--delay-ms", delay_ms, "--stats", stats_.string(),
                        fmt::format("{}={}", server_ns, kServerAddress),
                        fmt::format("{}={}", client_ns, kClientAddress)},
                       out_, err_);
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (text_of(out_).rfind("ready", 0) != 0) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      error_ = fmt::format("rb-delay-wire exited with {} before it was ready: {}",
                           exit_code(status), text_of(err_));
      return;
    }
    if (std::chrono::steady_clock::now() > until) {
      error_ = "rb-delay-wire was not ready within 10 s: " + text_of(err_);
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

DelayWireProcess::~DelayWireProcess() {
  stop();
}

int DelayWireProcess::stop() {
  if (pid_ < 0) return -1;
  ::kill(pid_, SIGTERM);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  return exit_code(status);
}

std::uint64_t DelayWireProcess::packets(const std::string& from_ns) const {
  std::ifstream lines(stats_);
  const std::string prefix = "from=" + from_ns + " ";
  for (std::string line; std::getline(lines, line);) {
    const auto at = line.find(" packets=");
    if (line.rfind(prefix, 0) == 0 && at != std::string::npos)
      return std::stoull(line.substr(at + std::strlen(" packets=")));
  }
  return 0;
}

std::string DelayWireProcess::stderr_text() const {
  return text_of(err_);
}

}  // namespace rbtest
