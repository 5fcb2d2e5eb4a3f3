#include "workload/checks/check_helpers.h"

#include <fmt/format.h>
#include <cstring>

#include "plugin/plugin_call.h"
#include "proc/process_census.h"
#include "reactorbench/plugin.h"
#include "workload/host_services.h"
#include "workload/workload.h"

namespace rb::workload {

using workload::CellFailure;

std::vector<std::pair<std::string, std::string>> with_unknown_option(
    std::vector<std::pair<std::string, std::string>> options) {
  options.emplace_back(kUnknownOption, "1");
  return options;
}

void expect_unknown_option_refused(std::string_view call, int rc, const char* err) {
  if (rc == RB_OK)
    throw CellFailure(
        fmt::format("{} accepted the unknown option '{}' (it must return "
                    "RB_ERR_INVALID_ARGUMENT naming the key)",
                    call, kUnknownOption));
  if (rc != RB_ERR_INVALID_ARGUMENT)
    throw CellFailure(
        fmt::format("{} refused the unknown option '{}' with {} ({}) instead of "
                    "RB_ERR_INVALID_ARGUMENT",
                    call, kUnknownOption, rc, plugin::describe_rb_error(rc)));
  if (std::strstr(err, kUnknownOption) == nullptr)
    throw CellFailure(
        fmt::format("{} refused the unknown option but its message does not name "
                    "the key '{}': \"{}\"",
                    call, kUnknownOption, err));
}

void expect_same_fds(const std::map<int, std::string>& before,
                     const std::map<int, std::string>& after) {
  if (const auto leaked = proc::describe_new_fds(before, after); !leaked.empty())
    throw CellFailure("fds left open after release: " + leaked);
  if (const auto closed = proc::describe_new_fds(after, before); !closed.empty())
    throw CellFailure("fds the host owns were closed by the plugin: " + closed);
}

void expect_no_new_threads(const std::map<pid_t, std::string>& before,
                           const std::map<pid_t, std::string>& after) {
  if (const auto left = proc::describe_new_threads(before, after); !left.empty())
    throw CellFailure("threads still running after release: " + left);
}

void expect_fds_restored_by(const std::function<void()>& lifecycle) {
  stop_event_fd();
  const auto before = proc::open_fds();
  lifecycle();
  expect_same_fds(before, proc::open_fds());
}

void expect_no_threads_left_by(const std::function<void()>& lifecycle) {
  const auto before = proc::live_threads();
  lifecycle();
  expect_no_new_threads(before,
                        proc::threads_after_release(before, std::chrono::milliseconds(250)));
}

Check options_check(const std::string& part, void (*run)(CheckContext&)) {
  return {part + ".options", part,
          "an unknown option is refused with RB_ERR_INVALID_ARGUMENT and a message naming it", 1,
          run};
}

std::vector<Check> joined(std::vector<Check> head, const std::vector<Check>& tail) {
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

}  // namespace rb::workload
