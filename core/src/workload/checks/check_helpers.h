// What every workload's suite checks the same way: an unknown option refused, the fds and
// threads of the process back to what they were before the plugin started.
#pragma once

#include <sys/types.h>

#include <fmt/format.h>
#include <cstddef>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "workload/checks/check.h"

namespace rb::workload {

// An option no plugin knows, added to the user's --option list by the options checks.
inline constexpr const char* kUnknownOption = "rb-validate-no-such-option";

std::vector<std::pair<std::string, std::string>> with_unknown_option(
    std::vector<std::pair<std::string, std::string>> options);

// Throws workload::CellFailure unless rc is RB_ERR_INVALID_ARGUMENT and err names the key.
// Call it only after releasing what an (wrongly) successful call made.
void expect_unknown_option_refused(std::string_view call, int rc, const char* err);

// Throws workload::CellFailure naming fds opened and not closed, or host fds closed.
void expect_same_fds(const std::map<int, std::string>& before,
                     const std::map<int, std::string>& after);

// Throws workload::CellFailure naming threads that appeared and are still running.
void expect_no_new_threads(const std::map<pid_t, std::string>& before,
                           const std::map<pid_t, std::string>& after);

// The fds and threads checks of every suite: runs `lifecycle` (a plugin's whole life, release
// included) and throws CellFailure naming what it left open or running, or what of the
// host's it closed. The host's stop eventfd, kept for the process, is made before the census.
void expect_fds_restored_by(const std::function<void()>& lifecycle);
void expect_no_threads_left_by(const std::function<void()>& lifecycle);

// The "<part>.fds" and "<part>.threads" checks of a suite, each running `Lifecycle` once
// under its census; `HostSetup`, when given, runs first, outside the census (what the host
// makes and keeps for the process). `threads_passed` says what the PASS line claims.
template <void (*Lifecycle)(CheckContext&), void (*HostSetup)()>
void run_under(CheckContext& context, void (*census)(const std::function<void()>&)) {
  if constexpr (HostSetup != nullptr) HostSetup();
  census([&] { Lifecycle(context); });
}

template <void (*Lifecycle)(CheckContext&), void (*HostSetup)() = nullptr>
std::vector<Check> census_checks(
    const std::string& part, std::string threads_passed = "no thread left running after release") {
  return {{part + ".fds", part, "release left no fd open and closed none of the host's", 1,
           [](CheckContext& context) {
             run_under<Lifecycle, HostSetup>(context, expect_fds_restored_by);
           }},
          {part + ".threads", part, std::move(threads_passed), 1, [](CheckContext& context) {
             run_under<Lifecycle, HostSetup>(context, expect_no_threads_left_by);
           }}};
}

// The "<part>.options" check of every suite: `run` offers an unknown option to the table's
// first call (unknown_option_check.h).
Check options_check(const std::string& part, void (*run)(CheckContext&));

// The shape this process's variant of `check` runs: shapes[context.variant]. Throws
// std::out_of_range for a variant the check does not have.
template <typename Shape, std::size_t N>
const Shape& variant_shape(const CheckContext& context, const Shape (&shapes)[N],
                           std::string_view check) {
  if (context.variant < 0 || static_cast<std::size_t>(context.variant) >= N)
    throw std::out_of_range(fmt::format("{} has no variant {}", check, context.variant));
  return shapes[context.variant];
}

// `head`, then `tail`: a suite's list around its census checks.
std::vector<Check> joined(std::vector<Check> head, const std::vector<Check>& tail);

}  // namespace rb::workload
