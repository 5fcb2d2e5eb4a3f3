// Options: an unknown key and a malformed value are refused by start, naming them.
#include <gtest/gtest.h>

#include <filesystem>

#include "built_plugins.h"
#include "notify_driver.h"
#include "notify_variants.h"

namespace rb_test {
namespace {

class NotifyOptions : public ::testing::TestWithParam<std::string> {};

TEST_P(NotifyOptions, UnknownKeyIsRefusedByName) {
  const NotifyOutcome outcome = StartAndRelease(NotifyOpsOf(GetParam()), {{"no_such_option", "1"}});
  EXPECT_EQ(outcome.start_rc, RB_ERR_INVALID_ARGUMENT);
  EXPECT_NE(outcome.error.find("no_such_option"), std::string::npos) << outcome.error;
}

TEST_P(NotifyOptions, MalformedValueIsRefusedByName) {
  const std::string stem = std::filesystem::path(GetParam()).stem().string();
  const OptionList malformed = MalformedOptionFor(stem);
  if (malformed.empty()) GTEST_SKIP() << "no known option for " << stem;
  const NotifyOutcome outcome = StartAndRelease(NotifyOpsOf(GetParam()), malformed);
  EXPECT_EQ(outcome.start_rc, RB_ERR_INVALID_ARGUMENT);
  EXPECT_NE(outcome.error.find(malformed.front().first), std::string::npos) << outcome.error;
}

TEST_P(NotifyOptions, UnusableConsumerCpuFailsStart) {
  const NotifyOutcome outcome = StartAndRelease(NotifyOpsOf(GetParam()), {}, 1023);
  EXPECT_EQ(outcome.start_rc, RB_ERR_SYSTEM);
  EXPECT_NE(outcome.error.find("1023"), std::string::npos) << outcome.error;
}

INSTANTIATE_TEST_SUITE_P(PluginDir, NotifyOptions,
                         ::testing::ValuesIn(PluginPathsOffering("notify")),
                         [](const auto& info) { return TestNameOf(info.param); });

}  // namespace
}  // namespace rb_test
