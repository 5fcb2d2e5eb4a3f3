// rb-delay-wire: two network namespaces joined by a link that delays every packet by a fixed
// time, in userspace, for kernels without the netem qdisc (wire_options.h: the command line;
// wire_loop.h: the forwarding). It exits on SIGTERM, SIGINT, SIGHUP and when its parent
// dies, and prints what it forwarded per direction. Exit codes: 0 stopped by a signal,
// 1 a device could not be made or failed, 2 a wrong command line.
#include <signal.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <fmt/format.h>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "tun_device.h"
#include "wire_loop.h"
#include "wire_options.h"

namespace {

using namespace delay_wire;

// SIGTERM, SIGINT and SIGHUP become readable on the returned fd instead of killing us, so the
// counts are printed; the parent's death sends SIGTERM.
int stop_signals() {
  const pid_t parent = ::getppid();
  ::prctl(PR_SET_PDEATHSIG, SIGTERM);
  sigset_t set;
  sigemptyset(&set);
  for (int signal : {SIGTERM, SIGINT, SIGHUP}) sigaddset(&set, signal);
  ::sigprocmask(SIG_BLOCK, &set, nullptr);
  const int fd = ::signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
  if (::getppid() != parent) ::raise(SIGTERM);  // it died before PR_SET_PDEATHSIG took
  return fd;
}

void report(const WireOptions& options, const WireLoopStats& stats) {
  const std::string lines = stats_line(options.a.netns, options.b.netns, stats.a_to_b) +
                            stats_line(options.b.netns, options.a.netns, stats.b_to_a);
  std::fputs(lines.c_str(), stderr);
  if (options.stats_path.empty()) return;
  std::ofstream file(options.stats_path);
  file << lines;
  if (!file.flush())
    fmt::print(stderr, "rb-delay-wire: cannot write the counts to {}\n", options.stats_path);
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 1 && (args[0] == "-h" || args[0] == "--help")) {
    std::fputs(wire_usage().c_str(), stdout);
    return 0;
  }
  std::string error;
  const auto options = parse_wire_options(args, error);
  if (!options) {
    fmt::print(stderr, "rb-delay-wire: {}\n{}", error, wire_usage());
    return 2;
  }
  const int signal_fd = stop_signals();
  if (signal_fd < 0) {
    std::perror("rb-delay-wire: signalfd");
    return 1;
  }
  // Timers wake at their time, not up to 50 us late (the default slack): the delay is the
  // point of the program.
  ::prctl(PR_SET_TIMERSLACK, 1UL);
  WireLoopStats stats;
  bool forwarding = false;
  try {
    const TunDevice a(options->a.netns, options->device, options->a.address, options->b.address,
                      options->mtu);
    const TunDevice b(options->b.netns, options->device, options->b.address, options->a.address,
                      options->mtu);
    fmt::print("ready: {} {} {} <-> {} {} {}, {} ms one way\n", options->a.netns, options->device,
               options->a.address, options->b.netns, options->device, options->b.address,
               static_cast<double>(options->delay.count()) / 1e6);
    std::fflush(stdout);
    forwarding = true;
    run_wire(*options, a.fd(), b.fd(), signal_fd, stats);
  } catch (const std::runtime_error& failure) {
    fmt::print(stderr, "rb-delay-wire: {}\n", failure.what());
    if (forwarding) report(*options, stats);
    return 1;
  }
  report(*options, stats);
  return 0;
}
