// What an A/B run adds to the results: the seed of its rounds' order (context) and, for a
// variant by path, the plugin file a cell loaded; both survive summary.json (and so the
// history's context column) and show in summary.md.
#include <gtest/gtest.h>

#include "model/json_codec.h"
#include "report/summary_md.h"
#include "synthetic_run.h"

namespace rb::report {
namespace {

RunResult ab_run() {
  RunResult run = testing::two_plugins_two_points();
  run.context.order_seed = 3141592653ULL;
  for (auto& cell : run.cells)
    if (cell.cell.plugin == "raw-epoll") {
      cell.cell.plugin = "raw-epoll@old";
      cell.cell.setup = {"raw-epoll", {{"spin_ns", "5"}}, "/builds/old/plugins/raw_epoll.so"};
    }
  return run;
}

TEST(AbFields, TheOrderSeedAndThePluginFileRoundTripThroughJson) {
  const model::Json json = model::to_json(ab_run());
  EXPECT_EQ(json.at("context").at("order_seed"), 3141592653ULL);
  RunResult back;
  model::from_json(json, back);
  EXPECT_EQ(back.context.order_seed, 3141592653ULL);
  bool seen = false;
  for (const auto& cell : back.cells)
    if (cell.cell.plugin == "raw-epoll@old") {
      seen = true;
      EXPECT_EQ(cell.cell.setup.path, "/builds/old/plugins/raw_epoll.so");
      EXPECT_EQ(cell.cell.setup.base, "raw-epoll");
    }
  EXPECT_TRUE(seen);
}

// Results written before the seed existed read as seed 0, not as an error.
TEST(AbFields, OlderResultsWithoutASeedStillRead) {
  model::Json json = model::to_json(testing::two_plugins_two_points());
  json.at("context").erase("order_seed");
  RunResult back;
  model::from_json(json, back);
  EXPECT_EQ(back.context.order_seed, 0u);
}

TEST(AbFields, SummaryMdNamesTheSeedAndTheFile) {
  const std::string md = format_summary_md(ab_run());
  EXPECT_NE(md.find("- **Order seed:** 3141592653\n"), std::string::npos) << md;
  EXPECT_NE(md.find("- `raw-epoll@old` = `raw-epoll` from `/builds/old/plugins/raw_epoll.so` "
                    "with `spin_ns=5`\n"),
            std::string::npos)
      << md;
}

}  // namespace
}  // namespace rb::report
