// A valid config becomes the right plan and expands to the right cells, in the right order.
#include <gtest/gtest.h>

#include "config/test_plan.h"
#include "config_test_support.h"

namespace rb::config {
namespace {

using testing::example_config;
using testing::FakeLookup;
using testing::minimal_config;

using testing::ints;

TEST(PlanCells, TheContractExampleLoads) {
  const FakeLookup catalog;
  const TestPlan plan = parse_plan(example_config, "flower.toml", &catalog, {});
  EXPECT_EQ(plan.config_path, "flower.toml");
  EXPECT_EQ(plan.config_text, example_config);
  EXPECT_EQ(plan.workload, "flower");
  EXPECT_EQ(plan.plugins, (std::vector<std::string>{"libevent2", "raw-epoll"}));
  EXPECT_EQ(plan.run.repetitions, 25);
  EXPECT_EQ(plan.run.warmup, 1);
  EXPECT_EQ(plan.run.rounds, 1);
  EXPECT_EQ(plan.run.rounds_source, RoundsSource::config);
  EXPECT_EQ(plan.run.timeout, std::chrono::seconds(60));
  EXPECT_EQ(plan.run.cpus, std::vector<int>{1});

  ASSERT_EQ(plan.axes.size(), 4u);
  EXPECT_EQ(plan.axes[0].name, "pipes");
  EXPECT_EQ(plan.axes[0].values, ints({100, 1000}));
  EXPECT_EQ(plan.axes[0].pos.str(), "flower.toml:12:9");
  EXPECT_EQ(plan.axes[1].values, ints({100, 1000}));
  EXPECT_EQ(plan.axes[2].values, ints({100}));
  EXPECT_EQ(plan.axes[3].values, std::vector<rb::ParamValue>{std::string("socketpair")});

  ASSERT_EQ(plan.plugin_options.size(), 1u);
  EXPECT_EQ(plan.plugin_options.at("libevent2"),
            (std::vector<std::pair<std::string, std::string>>{{"backend", "epoll"}}));
}

TEST(PlanCells, ExpandPointsOuterFirstWithPluginsInnermost) {
  const TestPlan plan = parse_plan(example_config, "flower.toml", nullptr, {});
  const std::vector<rb::CellSpec> cells = plan.cells();
  ASSERT_EQ(cells.size(), 8u);  // 2 pipes x 2 active x 1 writes x 1 transport x 2 plugins
  EXPECT_EQ(plan.point_count(), 4u);

  const char* const expected_labels[] = {
      "pipes=100 active=100 writes=100 transport=socketpair",
      "pipes=100 active=1000 writes=100 transport=socketpair",
      "pipes=1000 active=100 writes=100 transport=socketpair",
      "pipes=1000 active=1000 writes=100 transport=socketpair",
  };
  for (std::size_t i = 0; i < cells.size(); ++i) {
    EXPECT_EQ(cells[i].index, i);
    EXPECT_EQ(cells[i].workload, "flower");
    EXPECT_EQ(cells[i].plugin, i % 2 == 0 ? "libevent2" : "raw-epoll") << i;
    EXPECT_EQ(cells[i].params_label(), expected_labels[i / 2]) << i;
  }
  EXPECT_EQ(cells[5].get_int("pipes"), 1000);
  EXPECT_EQ(cells[5].get_int("active"), 100);
  EXPECT_EQ(cells[5].get_string("transport"), "socketpair");
}

TEST(PlanCells, ThreeAxesWithSeveralValuesKeepTheOdometerOrder) {
  const TestPlan plan = parse_plan(R"(workload = "flower"
plugins = ["a", "b", "c"]
[matrix]
pipes = [1, 2]
active = [1]
writes = [0, 5, 9]
transport = ["pipe", "socketpair"]
)",
                                   "t.toml", nullptr, {});
  const auto cells = plan.cells();
  ASSERT_EQ(cells.size(), 2u * 1 * 3 * 2 * 3);
  std::vector<std::string> labels;
  for (std::size_t i = 0; i < cells.size(); i += 3) labels.push_back(cells[i].params_label());
  EXPECT_EQ(labels, (std::vector<std::string>{
                        "pipes=1 active=1 writes=0 transport=pipe",
                        "pipes=1 active=1 writes=0 transport=socketpair",
                        "pipes=1 active=1 writes=5 transport=pipe",
                        "pipes=1 active=1 writes=5 transport=socketpair",
                        "pipes=1 active=1 writes=9 transport=pipe",
                        "pipes=1 active=1 writes=9 transport=socketpair",
                        "pipes=2 active=1 writes=0 transport=pipe",
                        "pipes=2 active=1 writes=0 transport=socketpair",
                        "pipes=2 active=1 writes=5 transport=pipe",
                        "pipes=2 active=1 writes=5 transport=socketpair",
                        "pipes=2 active=1 writes=9 transport=pipe",
                        "pipes=2 active=1 writes=9 transport=socketpair",
                    }));
  EXPECT_EQ(cells[4].plugin, "b");
  EXPECT_EQ(cells[35].plugin, "c");
  EXPECT_EQ(cells[35].index, 35u);
}

TEST(PlanCells, MissingOptionalAxesAndSettingsTakeTheirDefaults) {
  const TestPlan plan = parse_plan(minimal_config, "t.toml", nullptr, {});
  // Six rounds of four: a design a paired compare can judge (config/run_defaults.h).
  EXPECT_EQ(plan.run.repetitions, 4);
  EXPECT_EQ(plan.run.warmup, 1);
  EXPECT_EQ(plan.run.rounds, 6);
  EXPECT_EQ(plan.run.rounds_source, RoundsSource::defaulted);
  EXPECT_EQ(plan.run.timeout, std::chrono::milliseconds(60000));
  EXPECT_TRUE(plan.run.cpus.empty());
  EXPECT_TRUE(plan.name.empty());
  EXPECT_TRUE(plan.plugin_options.empty());
  ASSERT_EQ(plan.axes.size(), 4u);
  EXPECT_EQ(plan.axes[2].name, "writes");
  EXPECT_EQ(plan.axes[2].values, ints({100}));
  EXPECT_EQ(plan.axes[2].pos.str(), "t.toml:3:1");  // defaults sit at [matrix]
  EXPECT_EQ(plan.axes[3].values, std::vector<rb::ParamValue>{std::string("socketpair")});
  const auto cells = plan.cells();
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_EQ(cells[0].params_label(), "pipes=100 active=10 writes=100 transport=socketpair");
}

TEST(PlanCells, ParamsFollowTheSchemaOrderNotTheFileOrder) {
  const TestPlan plan = parse_plan(R"(workload = "flower"
plugins = ["p"]
[matrix]
transport = ["pipe"]
writes = [7]
active = [2]
pipes = [3]
)",
                                   "t.toml", nullptr, {});
  EXPECT_EQ(plan.cells().at(0).params_label(), "pipes=3 active=2 writes=7 transport=pipe");
}

TEST(PlanCells, NameDescriptionAndRunSettingsAreRead) {
  const TestPlan plan = parse_plan(R"(name = "smoke"
description = "a few seconds"
workload = "flower"
plugins = ["p"]
[run]
repetitions = 3
warmup = 0
rounds = 4
timeout = 90
cpus = [0, 3]
[matrix]
pipes = [1]
active = [1]
)",
                                   "t.toml", nullptr, {});
  EXPECT_EQ(plan.name, "smoke");
  EXPECT_EQ(plan.description, "a few seconds");
  EXPECT_EQ(plan.run.repetitions, 3);
  EXPECT_EQ(plan.run.warmup, 0);
  EXPECT_EQ(plan.run.rounds, 4);
  EXPECT_EQ(plan.run.timeout, std::chrono::seconds(90));
  EXPECT_EQ(plan.run.cpus, (std::vector<int>{0, 3}));
}

TEST(PlanCells, TimeoutUnits) {
  for (const auto& [text, ms] : std::vector<std::pair<std::string, long>>{
           {"\"500ms\"", 500}, {"\"60s\"", 60000}, {"\"2m\"", 120000}, {"\"1h\"", 3600000}}) {
    const TestPlan plan = parse_plan(
        std::string(minimal_config) + "[run]\ntimeout = " + text + "\n", "t.toml", nullptr, {});
    EXPECT_EQ(plan.run.timeout, std::chrono::milliseconds(ms)) << text;
  }
}

TEST(PlanCells, PluginOptionsAreRenderedAsTomlWouldWriteThem) {
  const TestPlan plan = parse_plan(std::string(minimal_config) + R"(
[plugin_options.raw-epoll]
zeta = "last in name, first in file"
max_events = 64
edge = true
ratio = 0.5
whole = 2.0
big = 1e300
huge = inf
when = 1979-05-27
at = 07:32:00
stamp = 1979-05-27T07:32:00Z
)",
                                   "t.toml", nullptr, {});
  EXPECT_EQ(plan.plugin_options.at("raw-epoll"), (std::vector<std::pair<std::string, std::string>>{
                                                     {"zeta", "last in name, first in file"},
                                                     {"max_events", "64"},
                                                     {"edge", "true"},
                                                     {"ratio", "0.5"},
                                                     {"whole", "2.0"},
                                                     {"big", "1e+300"},
                                                     {"huge", "inf"},
                                                     {"when", "1979-05-27"},
                                                     {"at", "07:32:00"},
                                                     {"stamp", "1979-05-27T07:32:00Z"},
                                                 }));
}

TEST(PlanCells, InlineTablesAndDottedKeysWork) {
  const TestPlan plan = parse_plan(R"(workload = "flower"
plugins = ["p"]
run = { repetitions = 7, timeout = "5s" }
matrix.pipes = [5]
matrix.active = [5]
plugin_options.p = { backend = "poll" }
)",
                                   "t.toml", nullptr, {});
  EXPECT_EQ(plan.run.repetitions, 7);
  EXPECT_EQ(plan.run.timeout, std::chrono::seconds(5));
  EXPECT_EQ(plan.cells().size(), 1u);
  EXPECT_EQ(plan.plugin_options.at("p").at(0).second, "poll");
}

TEST(PlanCells, CrlfLineEndingsAndAByteOrderMarkAreFine) {
  std::string crlf;
  for (char c : std::string(example_config)) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  const TestPlan plan = parse_plan("\xEF\xBB\xBF" + crlf, "t.toml", nullptr, {});
  EXPECT_EQ(plan.cells().size(), 8u);
  EXPECT_EQ(plan.plugin_options.at("libevent2").at(0).second, "epoll");
}

TEST(PlanCells, LargestValuesAreAccepted) {
  const TestPlan plan = parse_plan(R"(workload = "flower"
plugins = ["p"]
[run]
cpus = [1023]
timeout = "168h"
[matrix]
pipes = [1000000]
active = [1000000]
writes = [100000000, 0]
)",
                                   "t.toml", nullptr, {});
  EXPECT_EQ(plan.axes[2].values, ints({100000000, 0}));
  EXPECT_EQ(plan.run.cpus, std::vector<int>{1023});
}

}  // namespace
}  // namespace rb::config
