// The options check every workload's suite runs the same way, whatever its table's first call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "reactorbench/plugin.h"
#include "workload/checks/check.h"
#include "workload/checks/check_helpers.h"
#include "workload/checks/phase_watchdog.h"
#include "workload/plugin_call.h"

namespace rb::workload {

// Calls the table's first call (`call`: prepare or start) with the user's --option list plus
// one no plugin knows, under the watchdog: first(options, count, &state, err, err_len) -> rc.
// Releases what a wrongly successful call made, then throws unless the key was refused.
template <typename FirstCall>
void expect_unknown_option_refused_by(CheckContext& context, std::string_view call,
                                      FirstCall&& first, void (*release)(void*)) {
  const auto options = with_unknown_option(context.options);
  const workload::OptionArray array(options);
  void* state = nullptr;
  char err[1024] = {0};
  const int rc = context.watchdog.guard(
      call, [&] { return first(array.data(), array.size(), &state, err, sizeof err); });
  err[sizeof err - 1] = '\0';
  if (rc == RB_OK) context.watchdog.guard("release", [&] { release(state); });
  expect_unknown_option_refused(call, rc, err);
}

}  // namespace rb::workload
