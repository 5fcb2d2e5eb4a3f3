// A plugin renamed since a history was stored ("muduo", now "muduo-style": the project's
// reimplementation, not the muduo library): the stored rows pair with the new run's cells,
// and its history goes on as one series under the new name.
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "compare/plugin_label.h"
#include "compare/run_comparison.h"
#include "store/history_query.h"
#include "store/run_reader.h"
#include "store/schema.h"
#include "store_test_support.h"
#include "synthetic_runs.h"

namespace rb::store {
namespace {

using rb::testing::store_run;
using rb::testing::TempDir;

RunResult run_with_plugins(std::vector<std::string> plugins, double scale) {
  return rb::testing::synthetic_flower_run({.scale = scale, .plugins = std::move(plugins)});
}

TEST(RenamedPlugin, AStoredMuduoRowComparesWithAMuduoStyleRun) {
  const TempDir dir;
  const std::string path = (dir.path() / "history.db").string();
  const std::int64_t id = store_run(path, run_with_plugins({"libevent2", "muduo"}, 1.0));
  Database db = open_history(path, false);
  const RunResult stored = load_run(db, id);

  const compare::RunComparison c =
      compare::compare_runs(stored, run_with_plugins({"libevent2", "muduo-style"}, 1.3), {});
  EXPECT_EQ(c.matched, 4u);  // 2 plugins x 2 points
  EXPECT_TRUE(c.only_in_base.empty());
  EXPECT_TRUE(c.only_in_new.empty());
  ASSERT_FALSE(c.rows.empty());
  // Its rows say what each side was called.
  const auto renamed = std::count_if(c.rows.begin(), c.rows.end(), [](const auto& row) {
    return row.base_plugin == "muduo" && row.new_plugin == "muduo-style";
  });
  EXPECT_GT(renamed, 0);
}

TEST(RenamedPlugin, ItsHistoryIsOneSeriesUnderItsNewName) {
  const TempDir dir;
  const std::string path = (dir.path() / "history.db").string();
  store_run(path, run_with_plugins({"muduo"}, 1.0));
  store_run(path, run_with_plugins({"muduo-style"}, 1.5));
  Database db = open_history(path, false);
  for (const char* filter : {"muduo pipes=1000", "plugin=muduo-style pipes=1000"}) {
    const auto series = cell_history(db, CellFilter(filter), {"setup_us"}, {}, 10);
    ASSERT_EQ(series.size(), 1u) << filter;
    EXPECT_EQ(series[0].plugin, "muduo-style");
    EXPECT_EQ(series[0].points.size(), 2u) << filter;
  }
}

TEST(RenamedPlugin, CompareByPluginsFindsItByEitherName) {
  const RunResult old_run = run_with_plugins({"libevent2", "muduo"}, 1.0);
  EXPECT_EQ(compare::find_plugin_label(old_run, "muduo-style"), "muduo");
  const RunResult new_run = run_with_plugins({"libevent2", "muduo-style"}, 1.0);
  EXPECT_EQ(compare::find_plugin_label(new_run, "muduo"), "muduo-style");
  RunResult pingpong;
  pingpong.cells.resize(1);
  pingpong.cells[0].cell.plugin = "muduo-style/muduo-style";
  EXPECT_EQ(compare::find_plugin_label(pingpong, "muduo"), "muduo-style/muduo-style");
  EXPECT_EQ(compare::find_plugin_label(pingpong, "muduo/muduo"), "muduo-style/muduo-style");
}

}  // namespace
}  // namespace rb::store
