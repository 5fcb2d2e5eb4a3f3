// The pingpong duration axis: strings or seconds, one canonical spelling, --quick's 1s.
#include <gtest/gtest.h>

#include "config/duration_axis.h"
#include "config/test_plan.h"

namespace rb::config {
namespace {

constexpr const char* kHead =
    "workload = \"pingpong\"\nplugins = [\"p\"]\n[matrix]\nblock_size = [4096]\nsessions = [1]\n";

std::vector<rb::ParamValue> durations(const std::string& line, const Overrides& overrides = {}) {
  const TestPlan plan = parse_plan(std::string(kHead) + line, "d.toml", nullptr, overrides);
  for (const auto& axis : plan.axes)
    if (axis.name == "duration") return axis.values;
  return {};
}

std::string duration_error_of(const std::string& line, const Overrides& overrides = {}) {
  try {
    durations(line, overrides);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "no error";
}

std::vector<rb::ParamValue> strings(std::initializer_list<const char*> values) {
  std::vector<rb::ParamValue> out;
  for (const char* v : values) out.emplace_back(std::string(v));
  return out;
}

TEST(DurationAxis, CanonicalSpelling) {
  EXPECT_EQ(canonical_duration(std::chrono::milliseconds(1500)), "1500ms");
  EXPECT_EQ(canonical_duration(std::chrono::milliseconds(60000)), "1m");
  EXPECT_EQ(canonical_duration(std::chrono::hours(2)), "2h");
  EXPECT_EQ(duration_value("1m"), std::chrono::minutes(1));
  EXPECT_THROW(duration_value("ten"), std::invalid_argument);
}

TEST(DurationAxis, StringsAndSecondsBothWork) {
  EXPECT_EQ(durations("duration = [\"500ms\", \"2000ms\"]"), strings({"500ms", "2s"}));
  EXPECT_EQ(durations("duration = [10, 120]"), strings({"10s", "2m"}));
  EXPECT_EQ(durations(""), strings({"10s"}));  // the default
}

TEST(DurationAxis, BadValuesAreErrorsAtTheirPosition) {
  EXPECT_EQ(duration_error_of("duration = [\"1s\", \"1000ms\"]"),
            "d.toml:6:19: axis 'duration': duplicate value '1s'");
  EXPECT_EQ(duration_error_of("duration = [\"5ms\"]"),
            "d.toml:6:13: axis 'duration': 5ms is out of range 10ms..1h");
  EXPECT_NE(
      duration_error_of("duration = [\"10 s\"]").find("d.toml:6:13: axis 'duration': \"10 s\": "),
      std::string::npos)
      << duration_error_of("duration = [\"10 s\"]");
  EXPECT_NE(duration_error_of("duration = [1.5]").find("expected a duration"), std::string::npos);
}

TEST(DurationAxis, SetAndQuickOverrideIt) {
  Overrides set;
  set.set = {"duration=250ms,3"};
  EXPECT_EQ(durations("", set), strings({"250ms", "3s"}));
  Overrides quick;
  quick.quick = true;
  EXPECT_EQ(durations("duration = [\"10s\", \"30s\", \"1m\"]", quick), strings({"1s"}));
  set.set = {"duration=soon"};
  EXPECT_NE(duration_error_of("", set).find("--set:1:10: axis 'duration': 'soon'"),
            std::string::npos)
      << duration_error_of("", set);
}

}  // namespace
}  // namespace rb::config
