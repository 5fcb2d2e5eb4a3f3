// Options: an unknown key and a malformed value are refused by start, naming them.
#include <gtest/gtest.h>

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

TEST_P(NotifyOptions, UnusableConsumerCpuFailsStart) {
  const NotifyOutcome outcome = StartAndRelease(NotifyOpsOf(GetParam()), {}, 1023);
  EXPECT_EQ(outcome.start_rc, RB_ERR_SYSTEM);
  EXPECT_NE(outcome.error.find("1023"), std::string::npos) << outcome.error;
}

INSTANTIATE_TEST_SUITE_P(PluginDir, NotifyOptions,
                         ::testing::ValuesIn(PluginPathsOffering("notify")),
                         [](const auto& info) { return TestNameOf(info.param); });

// Every notify plugin has options to refuse: the refusals below are derived from what it
// declares, so a plugin declaring none would be tested for nothing (and fails here instead).
TEST_P(NotifyOptions, DeclaresOptionsTheRefusalsAreDerivedFrom) {
  EXPECT_FALSE(RefusedNotifyOptions(GetParam()).empty())
      << GetParam() << " declares no option to refuse a value of";
}

class NotifyRefusedOption : public ::testing::TestWithParam<RefusedOption> {};

TEST_P(NotifyRefusedOption, IsRefusedByStartByName) {
  const RefusedOption& option = GetParam();
  const NotifyOutcome outcome =
      StartAndRelease(NotifyOpsOf(option.path), {{option.key, option.value}});
  EXPECT_EQ(outcome.start_rc, RB_ERR_INVALID_ARGUMENT) << option.key << "=" << option.value;
  for (const std::string& part : option.error_says)
    EXPECT_NE(outcome.error.find(part), std::string::npos) << part << " in: " << outcome.error;
}

INSTANTIATE_TEST_SUITE_P(Declared, NotifyRefusedOption, ::testing::ValuesIn(RefusedNotifyOptions()),
                         [](const auto& info) { return info.param.label; });

}  // namespace
}  // namespace rb_test
