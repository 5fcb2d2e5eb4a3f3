#include "exec/canary.h"

#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <limits>

#include "proc/monotonic_clock.h"

namespace rb::exec {
namespace {

constexpr int kRepeats = 5;
constexpr std::uint64_t kCpuSteps = 500'000;  // ~0.6 ms a repeat at ~1.3 ns a step
constexpr int kSyscalls = 1'000;              // ~0.1-0.5 ms a repeat

// GCC builds the loops at -O2 whatever the build type; clang has no such attribute (its
// builds here are the fuzzers', optimised anyway) and only keeps them out of line.
#if defined(__clang__)
#define RB_CANARY_LOOP [[gnu::noinline]]
#else
#define RB_CANARY_LOOP [[gnu::noinline, gnu::optimize("O2")]]
#endif

// Each step depends on the previous one, and the empty asm hides the value from the
// optimiser, so no build can vectorise the chain or fold it into a closed form: its cost is
// the multiply-add latency, a property of the CPU and its clock alone. The attribute keeps
// the same code in debug, release and sanitizer builds (no memory access to instrument).
RB_CANARY_LOOP std::uint64_t lcg_chain(std::uint64_t x, std::uint64_t steps) {
  for (std::uint64_t i = 0; i < steps; ++i) {
    x = x * 6364136223846793005u + 1442695040888963407u;
    asm volatile("" : "+r"(x));
  }
  return x;
}

// The cheapest real system call: entry, exit and the mitigations on the way (which is where
// a hypervisor or a microcode update shows), with no work inside the kernel to speak of.
RB_CANARY_LOOP long syscall_chain(int calls) {
  long sum = 0;
  for (int i = 0; i < calls; ++i) sum += ::syscall(SYS_getppid);
  return sum;
}

template <typename Loop>
double best_ns_per_unit(double units, Loop loop) {
  double best = std::numeric_limits<double>::infinity();
  for (int r = 0; r < kRepeats; ++r) {
    const std::uint64_t start = proc::monotonic_ns();
    loop();
    const std::uint64_t end = proc::monotonic_ns();
    best = std::min(best, static_cast<double>(end - start) / units);
  }
  return best;
}

}  // namespace

CanaryResult run_canary() {
  CanaryResult out;
  volatile std::uint64_t cpu_sink = 0;
  volatile long syscall_sink = 0;
  out.cpu_ns = best_ns_per_unit(static_cast<double>(kCpuSteps),
                                [&] { cpu_sink = lcg_chain(cpu_sink + 1, kCpuSteps); });
  out.syscall_ns = best_ns_per_unit(static_cast<double>(kSyscalls),
                                    [&] { syscall_sink = syscall_chain(kSyscalls); });
  return out;
}

}  // namespace rb::exec
