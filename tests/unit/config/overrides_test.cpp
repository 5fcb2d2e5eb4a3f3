// --set, --plugins, --quick, --repetitions, --warmup, --rounds and --duration.
#include <gtest/gtest.h>

#include "config_test_support.h"

namespace rb::config {
namespace {

using testing::error_of;
using testing::example_config;
using testing::FakeLookup;

Overrides set(std::vector<std::string> arguments) {
  Overrides overrides;
  overrides.set = std::move(arguments);
  return overrides;
}

Overrides plugins(std::vector<std::string> names) {
  Overrides overrides;
  overrides.plugins = std::move(names);
  return overrides;
}

using testing::ints;

TEST(SetOverride, ReplacesAnAxis) {
  const TestPlan plan = parse_plan(example_config, "f.toml", nullptr,
                                   set({"pipes=10,20,30", "transport=pipe,socketpair"}));
  EXPECT_EQ(plan.axes[0].values, ints({10, 20, 30}));
  EXPECT_EQ(plan.axes[0].pos.str(), "--set:1:7");
  EXPECT_EQ(plan.axes[3].values,
            (std::vector<rb::ParamValue>{std::string("pipe"), std::string("socketpair")}));
  EXPECT_EQ(plan.cells().size(), 3u * 2 * 1 * 2 * 2);
}

TEST(SetOverride, TheLastSetOfAnAxisWins) {
  const TestPlan plan =
      parse_plan(example_config, "f.toml", nullptr, set({"writes=1", "writes=2,3"}));
  EXPECT_EQ(plan.axes[2].values, ints({2, 3}));
}

TEST(SetOverride, ToleratesSpacesAroundValues) {
  const TestPlan plan = parse_plan(example_config, "f.toml", nullptr, set({"active = 5, 6"}));
  EXPECT_EQ(plan.axes[1].values, ints({5, 6}));
}

TEST(SetOverride, CanSupplyARequiredAxisTheConfigLacks) {
  const std::string config = "workload = \"flower\"\nplugins = [\"p\"]\n[matrix]\npipes = [8]\n";
  EXPECT_EQ(error_of(config),
            "t.toml:3:1: missing required axis 'active' in [matrix] (workload "
            "'flower'): pipes written before dispatch (the initial fires)");
  const TestPlan plan = parse_plan(config, "t.toml", nullptr, set({"active=4"}));
  EXPECT_EQ(plan.cells().at(0).params_label(), "pipes=8 active=4 writes=100 transport=socketpair");
}

TEST(SetOverride, ErrorsNameTheArgumentAndColumn) {
  EXPECT_EQ(error_of(example_config, set({"pipes=abc"})),
            "--set:1:7: axis 'pipes': expected an integer, got 'abc'");
  EXPECT_EQ(error_of(example_config, set({"writes=1", "pipes=10,1x"})),
            "--set:2:10: axis 'pipes': expected an integer, got '1x'");
  EXPECT_EQ(error_of(example_config, set({"pipes=1.5"})),
            "--set:1:7: axis 'pipes': expected an integer, got '1.5'");
  EXPECT_EQ(error_of(example_config, set({"pipes=99999999999999999999"})),
            "--set:1:7: axis 'pipes': '99999999999999999999' does not fit in 64 bits");
  EXPECT_EQ(error_of(example_config, set({"pipes=0"})),
            "--set:1:7: axis 'pipes': 0 is out of range 1..1000000");
  EXPECT_EQ(error_of(example_config, set({"pipes=5,6,5"})),
            "--set:1:11: axis 'pipes': duplicate value 5");
  EXPECT_EQ(error_of(example_config, set({"pipes=5,,6"})), "--set:1:9: axis 'pipes': empty value");
  EXPECT_EQ(error_of(example_config, set({"pipes="})), "--set:1:7: axis 'pipes': empty value");
  EXPECT_EQ(error_of(example_config, set({"transport=pipe,fifo"})),
            "--set:1:16: axis 'transport': unknown value 'fifo'; expected one of: socketpair, "
            "pipe");
}

TEST(SetOverride, MalformedArgumentsAndUnknownAxes) {
  EXPECT_EQ(error_of(example_config, set({"pipes"})),
            "--set:1:1: expected axis=v1,v2, got 'pipes'");
  EXPECT_EQ(error_of(example_config, set({"=1"})), "--set:1:1: missing axis name before '='");
  EXPECT_EQ(error_of(example_config, set({"pipe=1"})),
            "--set:1:1: unknown axis 'pipe' for workload 'flower'; did you mean 'pipes'?");
  EXPECT_EQ(error_of(example_config, set({"colour=red"})),
            "--set:1:1: unknown axis 'colour' for workload 'flower'; expected one of: pipes, "
            "active, writes, transport");
}

TEST(PluginsOverride, NarrowsAndReordersTheList) {
  const FakeLookup catalog;
  const TestPlan plan =
      parse_plan(example_config, "f.toml", &catalog, plugins({"raw-epoll", "libevent2"}));
  EXPECT_EQ(plan.plugins, (std::vector<std::string>{"raw-epoll", "libevent2"}));
  EXPECT_EQ(plan.cells().at(0).plugin, "raw-epoll");

  const TestPlan one = parse_plan(example_config, "f.toml", &catalog, plugins({"raw-epoll"}));
  EXPECT_EQ(one.plugins, std::vector<std::string>{"raw-epoll"});
  EXPECT_EQ(one.cells().size(), 4u);
  EXPECT_TRUE(one.plugin_options.empty());  // libevent2's options left with it
}

TEST(PluginsOverride, MayNameACatalogPluginTheConfigDoesNotList) {
  const FakeLookup catalog;
  const std::string config =
      "workload = \"flower\"\nplugins = [\"libevent2\"]\n[matrix]\n"
      "pipes = [1]\nactive = [1]\n";
  const TestPlan plan = parse_plan(config, "t.toml", &catalog, plugins({"raw-epoll"}));
  EXPECT_EQ(plan.plugins, std::vector<std::string>{"raw-epoll"});
}

TEST(PluginsOverride, OnlyTheSelectedPluginsMeetTheCatalog) {
  const FakeLookup catalog;
  const std::string config =
      "workload = \"flower\"\nplugins = [\"libevent2\", \"not-built\"]\n"
      "[matrix]\npipes = [1]\nactive = [1]\n";
  EXPECT_EQ(error_of(config, {}, &catalog),
            "t.toml:2:25: unknown plugin 'not-built'; expected one of: libevent2, raw-epoll, "
            "notify-only");
  EXPECT_EQ(error_of(config, plugins({"libevent2"}), &catalog), "no error");
}

TEST(PluginsOverride, Errors) {
  const FakeLookup catalog;
  EXPECT_EQ(error_of(example_config, plugins({"raw-epoll", "libevnt2"}), &catalog),
            "--plugins:1:11: plugin 'libevnt2' is not in the config's plugins and is not a known "
            "plugin; did you mean 'libevent2'?");
  EXPECT_EQ(error_of(example_config, plugins({"other"})),
            "--plugins:1:1: plugin 'other' is not in the config's plugins; expected one of: "
            "libevent2, raw-epoll");
  EXPECT_EQ(error_of(example_config, plugins({"raw-epoll", "raw-epoll"}), &catalog),
            "--plugins:1:11: duplicate plugin 'raw-epoll' in --plugins");
  EXPECT_EQ(error_of(example_config, plugins({}), &catalog),
            "--plugins:1:1: the plugin list must not be empty");
  EXPECT_EQ(error_of(example_config, plugins({"raw-epoll", ""}), &catalog),
            "--plugins:1:11: empty plugin name");
  EXPECT_EQ(error_of(example_config, plugins({"notify-only"}), &catalog),
            "--plugins:1:1: plugin 'notify-only' does not offer workload 'flower'");
}

TEST(QuickOverride, ShrinksTheRunAndKeepsTwoValuesPerAxis) {
  Overrides overrides = set({"pipes=1,2,3,4", "writes=7,8,9"});
  overrides.quick = true;
  const TestPlan plan = parse_plan(R"(workload = "flower"
plugins = ["a", "b"]
[run]
repetitions = 50
warmup = 5
rounds = 3
[matrix]
pipes = [100]
active = [1, 2, 3]
transport = ["pipe", "socketpair"]
)",
                                   "t.toml", nullptr, overrides);
  EXPECT_EQ(plan.run.repetitions, 3);
  EXPECT_EQ(plan.run.warmup, 1);
  EXPECT_EQ(plan.run.rounds, 1);
  EXPECT_EQ(plan.run.rounds_source, RoundsSource::quick);
  EXPECT_EQ(plan.axes[0].values, ints({1, 2}));  // after --set
  EXPECT_EQ(plan.axes[1].values, ints({1, 2}));
  EXPECT_EQ(plan.axes[2].values, ints({7, 8}));
  EXPECT_EQ(plan.axes[3].values.size(), 2u);
  EXPECT_EQ(plan.cells().size(), 2u * 2 * 2 * 2 * 2);
}

TEST(QuickOverride, LeavesShortAxesAlone) {
  Overrides overrides;
  overrides.quick = true;
  const TestPlan plan = parse_plan(example_config, "f.toml", nullptr, overrides);
  EXPECT_EQ(plan.axes[2].values, ints({100}));
  EXPECT_EQ(plan.cells().size(), 8u);
  EXPECT_EQ(plan.run.repetitions, 3);
}

constexpr const char* kRunConfig = R"(workload = "flower"
plugins = ["a"]
[run]
repetitions = 50
warmup = 5
rounds = 3
[matrix]
pipes = [100]
active = [1]
)";

TEST(RunOverrides, RepetitionsWarmupAndRoundsWinOverTheConfigAndQuick) {
  Overrides overrides;
  overrides.quick = true;
  overrides.repetitions = 7;
  overrides.warmup = 0;
  overrides.rounds = 4;
  const TestPlan plan = parse_plan(kRunConfig, "t.toml", nullptr, overrides);
  EXPECT_EQ(plan.run.repetitions, 7);
  EXPECT_EQ(plan.run.warmup, 0);
  EXPECT_EQ(plan.run.rounds, 4);
}

TEST(RunOverrides, UnsetOnesLeaveTheConfigAlone) {
  Overrides overrides;
  overrides.rounds = 2;
  const TestPlan plan = parse_plan(kRunConfig, "t.toml", nullptr, overrides);
  EXPECT_EQ(plan.run.repetitions, 50);
  EXPECT_EQ(plan.run.warmup, 5);
  EXPECT_EQ(plan.run.rounds, 2);
  EXPECT_EQ(plan.run.rounds_source, RoundsSource::command_line);
}

constexpr const char* kPingpongConfig = R"(workload = "pingpong"
plugins = ["a"]
[matrix]
block_size = [16]
sessions = [1]
duration = ["30s", "1m"]
)";

TEST(DurationOverride, ReplacesTheDurationAxisAlsoUnderQuick) {
  Overrides overrides;
  overrides.duration = "2s";
  const TestPlan plan = parse_plan(kPingpongConfig, "p.toml", nullptr, overrides);
  const Axis* duration = nullptr;
  for (const Axis& axis : plan.axes)
    if (axis.name == "duration") duration = &axis;
  ASSERT_NE(duration, nullptr);
  EXPECT_EQ(duration->values, (std::vector<rb::ParamValue>{std::string("2s")}));
  EXPECT_EQ(duration->pos.str(), "--duration:1:1");

  overrides.quick = true;  // --quick's 1s would otherwise replace it
  const TestPlan quick = parse_plan(kPingpongConfig, "p.toml", nullptr, overrides);
  for (const Axis& axis : quick.axes) {
    if (axis.name == "duration") {
      EXPECT_EQ(axis.values, (std::vector<rb::ParamValue>{std::string("2s")}));
    }
  }
}

TEST(DurationOverride, RefusesAWorkloadWithoutADurationAndABadValue) {
  Overrides overrides;
  overrides.duration = "2s";
  EXPECT_EQ(error_of(example_config, overrides),
            "--duration:1:1: workload 'flower' has no 'duration' axis (its axes: pipes, active, "
            "writes, transport)");
  overrides.duration = "2 parsecs";
  EXPECT_NE(
      error_of(kPingpongConfig, overrides).find("--duration:1:1: axis 'duration': '2 parsecs'"),
      std::string::npos)
      << error_of(kPingpongConfig, overrides);
}

}  // namespace
}  // namespace rb::config
