// [run] disturbance_threshold, on_disturbance, max_retries: values and their errors.
#include <gtest/gtest.h>

#include "config_test_support.h"

namespace rb::config {
namespace {

using testing::error_of;
using testing::minimal_config;

// minimal_config plus a [run] table; its first line is line 7.
std::string with_run(const std::string& lines) {
  return std::string(minimal_config) + "[run]\n" + lines;
}

RunSettings run_of(const std::string& lines) {
  return parse_plan(with_run(lines), "t.toml", nullptr, {}).run;
}

TEST(DisturbanceKeys, DefaultsFlagAtFivePercentWithTwoRetries) {
  const RunSettings run = run_of("");
  EXPECT_DOUBLE_EQ(run.disturbance_threshold, 0.05);
  EXPECT_EQ(run.on_disturbance, OnDisturbance::flag);
  EXPECT_EQ(run.max_retries, 2);
}

TEST(DisturbanceKeys, ThresholdIsAFractionOrAPercentage) {
  EXPECT_DOUBLE_EQ(run_of("disturbance_threshold = 0.1\n").disturbance_threshold, 0.1);
  EXPECT_DOUBLE_EQ(run_of("disturbance_threshold = \"5%\"\n").disturbance_threshold, 0.05);
  EXPECT_DOUBLE_EQ(run_of("disturbance_threshold = \"2.5%\"\n").disturbance_threshold, 0.025);
}

TEST(DisturbanceKeys, RetryAndItsLimit) {
  const RunSettings run = run_of("on_disturbance = \"retry\"\nmax_retries = 1\n");
  EXPECT_EQ(run.on_disturbance, OnDisturbance::retry);
  EXPECT_EQ(run.max_retries, 1);
  EXPECT_EQ(run_of("max_retries = 0\n").max_retries, 0);
}

TEST(DisturbanceKeys, ErrorsNameTheValuesPosition) {
  EXPECT_EQ(error_of(with_run("disturbance_threshold = 5\n")),
            "t.toml:7:25: disturbance_threshold: expected a fraction such as 0.05 or a "
            "percentage such as \"5%\", got an integer (5)");
  EXPECT_EQ(error_of(with_run("disturbance_threshold = 5.0\n")),
            "t.toml:7:25: disturbance_threshold 5.0: a fraction must be below 1; did you mean "
            "\"5.0%\"?");
  EXPECT_EQ(error_of(with_run("disturbance_threshold = \"5\"\n")),
            "t.toml:7:25: disturbance_threshold \"5\": expected a fraction such as 0.05 or a "
            "percentage such as \"5%\"");
  EXPECT_EQ(error_of(with_run("disturbance_threshold = \"150%\"\n")),
            "t.toml:7:25: disturbance_threshold \"150%\": must be below 100%");
  EXPECT_EQ(error_of(with_run("disturbance_threshold = 0.0\n")),
            "t.toml:7:25: disturbance_threshold 0.0: must be above 0 (every round would be "
            "disturbed)");
  EXPECT_EQ(error_of(with_run("disturbance_threshold = \"-1%\"\n")),
            "t.toml:7:25: disturbance_threshold \"-1%\": must be above 0 (every round would be "
            "disturbed)");
  EXPECT_EQ(error_of(with_run("on_disturbance = \"retyr\"\n")),
            "t.toml:7:18: on_disturbance 'retyr': unknown policy; did you mean 'retry'?");
  EXPECT_EQ(error_of(with_run("on_disturbance = \"ignore\"\n")),
            "t.toml:7:18: on_disturbance 'ignore': unknown policy; expected one of: flag, retry");
  EXPECT_EQ(error_of(with_run("on_disturbance = true\n")),
            "t.toml:7:18: on_disturbance: expected a string, got a boolean (true)");
  EXPECT_EQ(error_of(with_run("max_retries = -1\n")),
            "t.toml:7:15: max_retries must be at least 0, got -1");
  EXPECT_EQ(error_of(with_run("max_retries = 1000\n")),
            "t.toml:7:15: max_retries must be at most 100, got 1000");
  EXPECT_EQ(error_of(with_run("max_retrys = 1\n")),
            "t.toml:7:1: unknown key 'max_retrys' in [run]; did you mean 'max_retries'?");
}

}  // namespace
}  // namespace rb::config
