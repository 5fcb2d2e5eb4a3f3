// `last` / `last~N` as compare, report and export resolve them: finished runs only, and
// without --config those of the newest finished run's config, so a nightly storing several
// configs in turn compares like with like.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "cli/run_source.h"
#include "store/run_recorder.h"
#include "store_test_support.h"
#include "synthetic_runs.h"

namespace rb::cli {
namespace {

using rb::testing::TempDir;

std::int64_t store_run(const std::filesystem::path& db, const std::string& config,
                       const std::string& status) {
  const RunResult run = rb::testing::synthetic_flower_run({});
  store::RunRecorder recorder(db);
  store::RunHeader h;
  h.config_name = config;
  h.config_path = "configs/" + config + ".toml";
  h.workload = run.workload;
  h.plugins = run.plugins;
  h.context = run.context;
  const std::int64_t id = recorder.begin(h);
  recorder.add_cell(run.cells[0]);
  if (!status.empty()) recorder.finish(run.context, status);
  return id;
}

class LastRuns : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = dir_.path() / "h.db";
    flower_1_ = store_run(db_, "nightly", "finished");
    notify_1_ = store_run(db_, "nightly-notify", "finished");
    flower_2_ = store_run(db_, "nightly", "finished");
    notify_2_ = store_run(db_, "nightly-notify", "finished");
    store_run(db_, "nightly", "interrupted");
    store_run(db_, "nightly", "");  // still running, or killed
  }

  std::int64_t id_of(const std::string& ref, const std::string& config = "") const {
    return *load_run_ref(ref, {db_, config, ""}).store_id;
  }

  TempDir dir_;
  std::filesystem::path db_;
  std::int64_t flower_1_ = 0, notify_1_ = 0, flower_2_ = 0, notify_2_ = 0;
};

TEST_F(LastRuns, WithoutConfigTheNewestFinishedRunsConfigIsCompared) {
  EXPECT_EQ(id_of("last"), notify_2_);
  EXPECT_EQ(id_of("last~1"), notify_1_);  // not flower_2_, stored in between
}

TEST_F(LastRuns, UnfinishedRunsAreNeverLast) {
  EXPECT_EQ(id_of("last", "nightly"), flower_2_);
  EXPECT_EQ(id_of("last~1", "nightly"), flower_1_);
}

TEST_F(LastRuns, TooFewFinishedRunsOfTheConfigIsAnErrorNamingIt) {
  try {
    load_run_ref("last~2", {db_, "", ""});
    FAIL() << "there are two finished runs of nightly-notify";
  } catch (const std::runtime_error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("finished"), std::string::npos) << message;
    EXPECT_NE(message.find("nightly-notify"), std::string::npos) << message;
  }
  EXPECT_THROW(load_run_ref("last~2", {db_, "nightly", ""}), std::runtime_error);
}

TEST(LastRun, NoFinishedRunAtAllIsAnError) {
  TempDir dir;
  store_run(dir.path() / "h.db", "nightly", "");
  EXPECT_THROW(load_run_ref("last", {dir.path() / "h.db", "", ""}), std::runtime_error);
}

}  // namespace
}  // namespace rb::cli
