#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "reactorbench/plugin.h"

namespace rb_test {

// The services a plugin borrows from the host. stop_requested turns true once a generous
// deadline passes, so a plugin that loses a byte fails its test instead of hanging it.
class TestHost {
 public:
  TestHost();
  TestHost(const TestHost&) = delete;
  TestHost& operator=(const TestHost&) = delete;

  const rb_host* services() const { return &services_; }
  void SetDeadlineFromNow(std::chrono::seconds budget);
  const std::vector<std::string>& logs() const { return logs_; }

 private:
  static void Log(void* ctx, int level, const char* message);
  static uint64_t NowNs(void* ctx);
  static int StopRequested(void* ctx);

  rb_host services_{};
  std::vector<std::string> logs_;
  uint64_t deadline_ns_ = UINT64_MAX;
};

}  // namespace rb_test
