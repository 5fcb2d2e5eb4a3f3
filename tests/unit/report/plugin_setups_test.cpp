// What each plugin name of a run stands for (variants): recorded per cell in summary.json and
// listed above the tables of summary.md.
#include "report/plugin_setups.h"

#include <gtest/gtest.h>

#include "model/json_codec.h"
#include "report/summary_md.h"
#include "synthetic_run.h"

namespace rb::report {
namespace {

// The synthetic run with libevent2's cells relabelled as two variants of it.
RunResult with_variants() {
  RunResult run = testing::two_plugins_two_points();
  for (auto& result : run.cells) {
    CellSpec& cell = result.cell;
    if (cell.plugin == "libevent2") {
      cell.plugin = "libevent2-eventfd";
      cell.setup = {"libevent2", {{"wakeup", "eventfd"}, {"drain", "one"}}};
    } else {
      cell.setup = {cell.plugin, {}};
    }
  }
  run.plugins = {"libevent2-eventfd", "raw-epoll"};
  return run;
}

TEST(PluginSetups, EachNameOnceInOrderOfFirstCell) {
  const auto setups = plugin_setups(with_variants());
  ASSERT_EQ(setups.size(), 2u);
  EXPECT_EQ(setups[0].name, "libevent2-eventfd");
  EXPECT_EQ(setups[0].setup.base, "libevent2");
  EXPECT_EQ(setups[1].name, "raw-epoll");
  EXPECT_TRUE(plugin_setups(testing::two_plugins_two_points()).empty());  // not recorded
}

TEST(PluginSetups, PairedCellsContributeEachRole) {
  RunResult run;
  CellResult result;
  result.cell.plugin = "big/raw-epoll";
  result.cell.role_plugins = {{"server", "big"}, {"client", "raw-epoll"}};
  result.cell.role_setups = {{"server", {"muduo", {{"events_initial", "64"}}}},
                             {"client", {"raw-epoll", {}}}};
  run.cells.push_back(result);
  const auto setups = plugin_setups(run);
  ASSERT_EQ(setups.size(), 2u);
  EXPECT_EQ(setups[0].name, "raw-epoll");  // roles in map order: client, server
  EXPECT_EQ(setups[1].name, "big");
  EXPECT_EQ(setups[1].setup.base, "muduo");
}

TEST(PluginSetups, SummaryJsonRecordsBaseAndOptionsAndReadsThemBack) {
  const RunResult run = with_variants();
  const model::Json json = model::to_json(run);
  const model::Json& cell = json.at("cells").at(0);
  EXPECT_EQ(cell.at("plugin"), "libevent2-eventfd");
  EXPECT_EQ(cell.at("base_plugin"), "libevent2");
  EXPECT_EQ(cell.at("plugin_options").dump(), R"({"wakeup":"eventfd","drain":"one"})");
  EXPECT_EQ(json.at("cells").at(1).at("plugin_options").dump(), "{}");

  RunResult back;
  model::from_json(model::Json::parse(model::dump_json(json)), back);
  EXPECT_EQ(back.cells.at(0).cell.setup, run.cells.at(0).cell.setup);
  EXPECT_EQ(back.cells.at(1).cell.setup, run.cells.at(1).cell.setup);
}

TEST(PluginSetups, SummaryJsonOfAPairedCellHasThemPerRole) {
  CellSpec cell;
  cell.plugin = "big/raw-epoll";
  cell.role_plugins = {{"server", "big"}, {"client", "raw-epoll"}};
  cell.role_setups = {{"server", {"muduo", {{"events_initial", "64"}}}},
                      {"client", {"raw-epoll", {}}}};
  const model::Json json = model::to_json(cell);
  EXPECT_EQ(json.at("role_base_plugins").at("server"), "muduo");
  EXPECT_EQ(json.at("role_plugin_options").at("server").at("events_initial"), "64");
  EXPECT_FALSE(json.contains("base_plugin"));
  CellSpec back;
  model::from_json(json, back);
  EXPECT_EQ(back.role_setups, cell.role_setups);
}

TEST(PluginSetups, CellsWithoutASetupKeepTheirOldShape) {
  const model::Json json = model::to_json(testing::two_plugins_two_points().cells.at(0).cell);
  EXPECT_FALSE(json.contains("base_plugin"));
  EXPECT_FALSE(json.contains("plugin_options"));
}

TEST(PluginSetups, SummaryMdListsWhatEachColumnRuns) {
  const std::string md = format_summary_md(with_variants());
  EXPECT_NE(md.find("## Plugins\n\n"
                    "- `libevent2-eventfd` = `libevent2` with `wakeup=eventfd`, `drain=one`\n"
                    "- `raw-epoll` (default options)\n\n"),
            std::string::npos)
      << md;
  EXPECT_LT(md.find("## Plugins"), md.find("## flower:"));
  EXPECT_EQ(format_summary_md(testing::two_plugins_two_points()).find("## Plugins"),
            std::string::npos);
}

}  // namespace
}  // namespace rb::report
