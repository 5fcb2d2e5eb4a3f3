// What every workload's suite checks the same way: an unknown option refused, the fds and
// threads of the process back to what they were before the plugin started.
#pragma once

#include <sys/types.h>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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

}  // namespace rb::workload
