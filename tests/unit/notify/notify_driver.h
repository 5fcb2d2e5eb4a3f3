// Drives one notify plugin through the C ABI the way the runner does: start, producer
// threads posting their shares of 1..items, finish, counters, release.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "reactorbench/plugin.h"

namespace rb_test {

using OptionList = std::vector<std::pair<std::string, std::string>>;

struct NotifyOutcome {
  int start_rc = RB_OK;
  int post_rc = RB_OK;  // the first failing post's code
  int finish_rc = RB_OK;
  std::string error;  // start's or finish's message
  std::uint64_t count = 0;
  std::uint64_t sum = 0;
  std::map<std::string, std::uint64_t> counters;
};

struct NotifyRun {
  std::uint64_t items = 100'000;
  std::uint32_t producers = 1;
  int consumer_cpu = -1;
  OptionList options;
};

NotifyOutcome RunNotify(const rb_notify_ops& ops, const NotifyRun& run);

// start, then release at once (no post, no finish): the error code and message of start.
NotifyOutcome StartAndRelease(const rb_notify_ops& ops, const OptionList& options,
                              int consumer_cpu = -1);

std::uint64_t SumOneTo(std::uint64_t items);

}  // namespace rb_test
