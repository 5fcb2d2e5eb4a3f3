#include "netns_pair.h"

#include <unistd.h>

#include <fmt/format.h>
#include <atomic>
#include <cstdio>
#include <sstream>

namespace rbtest {
namespace {

// The command's exit status and its output (stdout and stderr). Names here are ours
// (letters, digits, '-'), so the shell needs no quoting.
std::pair<int, std::string> run(const std::string& command) {
  std::string output;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return {-1, "popen failed"};
  char chunk[512];
  while (std::fgets(chunk, sizeof chunk, pipe) != nullptr) output += chunk;
  const int status = ::pclose(pipe);
  return {status, output};
}

std::atomic<int> g_pairs{0};

}  // namespace

NetnsPair::NetnsPair() {
  const int pair = g_pairs++;
  for (const char* role : {"s", "c", "x"})
    names_.push_back(fmt::format("rb2h-{}-{}-{}", ::getpid(), pair, role));
  for (const auto& name : names_) {
    const auto [status, output] = run("ip netns add " + name);
    if (status != 0) {
      error_ = fmt::format(
          "cannot make a network namespace (needs CAP_NET_ADMIN): ip netns add: {}", output);
      return;
    }
    made_.push_back(name);
  }
  const std::string& s = server_ns();
  const std::string& c = client_ns();
  for (const std::string& command :
       {fmt::format("ip link add rbv0 netns {} type veth peer name rbv1 netns {}", s, c),
        fmt::format("ip -n {} addr add {}/24 dev rbv0", s, kServerAddress),
        fmt::format("ip -n {} addr add {}/24 dev rbv1", c, kClientAddress),
        fmt::format("ip -n {} link set rbv0 up", s), fmt::format("ip -n {} link set rbv1 up", c),
        fmt::format("ip -n {} link set lo up", s), fmt::format("ip -n {} link set lo up", c),
        fmt::format("ip -n {} link set lo up", lone_ns())}) {
    const auto [status, output] = run(command);
    if (status != 0) {
      error_ = fmt::format("{}: {}", command, output);
      return;
    }
  }
}

NetnsPair::~NetnsPair() {
  for (const auto& name : made_) run("ip netns del " + name);
}

std::vector<std::string> NetnsPair::pids(const std::string& ns) const {
  std::istringstream lines(run("ip netns pids " + ns).second);
  std::vector<std::string> out;
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

std::string NetnsPair::launcher(const std::string& ns) {
  return fmt::format(R"("ip", "netns", "exec", "{}")", ns);
}

}  // namespace rbtest
