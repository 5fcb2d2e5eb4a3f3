#include "workload/host_services.h"

#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <system_error>

#include "proc/monotonic_clock.h"

namespace rb::workload {
namespace {

std::atomic<int> g_stop{0};
std::atomic<int> g_stop_event_fd{-1};

void signal_stop_event() {
  const int fd = g_stop_event_fd.load();
  if (fd < 0) return;
  const uint64_t one = 1;
  [[maybe_unused]] const ssize_t n = ::write(fd, &one, sizeof one);
}

void log_to_stderr(void*, int level, const char* message) {
  static const char* const names[] = {"debug", "info", "warn", "error"};
  const char* name = (level >= 0 && level <= 3) ? names[level] : "log";
  std::fprintf(stderr, "[plugin %s] %s\n", name, message != nullptr ? message : "(null)");
}

uint64_t monotonic_now_ns(void*) {
  return proc::monotonic_ns();
}

int is_stop_requested(void*) {
  return g_stop.load(std::memory_order_relaxed);
}

}  // namespace

const rb_host& host_services() {
  static const rb_host host = {sizeof(rb_host), RB_ABI_VERSION,   nullptr,
                               log_to_stderr,   monotonic_now_ns, is_stop_requested};
  return host;
}

void request_stop() {
  g_stop.store(1, std::memory_order_relaxed);
  signal_stop_event();  // write(2) on an eventfd: async-signal-safe
}

int stop_event_fd() {
  if (const int fd = g_stop_event_fd.load(); fd >= 0) return fd;
  const int fd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "eventfd for stop_fd");
  g_stop_event_fd.store(fd);
  // A stop requested before the eventfd existed must still be seen through it.
  if (stop_requested()) signal_stop_event();
  return fd;
}

bool stop_requested() {
  return g_stop.load(std::memory_order_relaxed) != 0;
}

}  // namespace rb::workload
