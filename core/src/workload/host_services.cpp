#include "workload/host_services.h"

#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>

namespace rb::workload {
namespace {

std::atomic<int> g_stop{0};

void log_to_stderr(void*, int level, const char* message) {
  static const char* const names[] = {"debug", "info", "warn", "error"};
  const char* name = (level >= 0 && level <= 3) ? names[level] : "log";
  std::fprintf(stderr, "[plugin %s] %s\n", name, message != nullptr ? message : "(null)");
}

uint64_t monotonic_now_ns(void*) {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1'000'000'000ULL + static_cast<uint64_t>(ts.tv_nsec);
}

int is_stop_requested(void*) { return g_stop.load(std::memory_order_relaxed); }

}  // namespace

const rb_host& host_services() {
  static const rb_host host = {sizeof(rb_host), RB_ABI_VERSION, nullptr,
                               log_to_stderr,   monotonic_now_ns, is_stop_requested};
  return host;
}

void request_stop() { g_stop.store(1, std::memory_order_relaxed); }
bool stop_requested() { return g_stop.load(std::memory_order_relaxed) != 0; }

}  // namespace rb::workload
