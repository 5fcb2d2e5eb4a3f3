#include "test_host.h"

#include <time.h>

namespace rb_test {

TestHost::TestHost() {
  services_.struct_size = sizeof(rb_host);
  services_.abi_version = RB_ABI_VERSION;
  services_.ctx = this;
  services_.log = &TestHost::Log;
  services_.now_ns = &TestHost::NowNs;
  services_.stop_requested = &TestHost::StopRequested;
}

void TestHost::SetDeadlineFromNow(std::chrono::seconds budget) {
  deadline_ns_ =
      NowNs(this) +
      static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(budget).count());
}

void TestHost::Log(void* ctx, int level, const char* message) {
  static_cast<TestHost*>(ctx)->logs_.push_back(std::to_string(level) + ": " +
                                               (message != nullptr ? message : "(null)"));
}

uint64_t TestHost::NowNs(void*) {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<uint64_t>(now.tv_sec) * 1'000'000'000u + static_cast<uint64_t>(now.tv_nsec);
}

int TestHost::StopRequested(void* ctx) {
  return NowNs(ctx) >= static_cast<TestHost*>(ctx)->deadline_ns_ ? 1 : 0;
}

}  // namespace rb_test
