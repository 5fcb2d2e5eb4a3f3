#include "report/summary_json.h"

#include <gtest/gtest.h>

#include "model/json_codec.h"
#include "report/atomic_file.h"
#include "report/results_dir.h"
#include "synthetic_run.h"

namespace rb::report {
namespace {

TEST(SummaryJson, WritesContextAndCellsAndReadsBack) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "summary.json";
  const RunResult run = testing::two_plugins_two_points();
  write_summary_json(run, path);

  const model::Json j = model::Json::parse(testing::read_file(path));
  EXPECT_EQ(j["context"]["host"], "bench-host");
  EXPECT_EQ(j["context"]["nofile_hard"], 20000);
  ASSERT_EQ(j["cells"].size(), 4u);
  EXPECT_EQ(j["cells"][0]["samples"], 2);
  EXPECT_EQ(j["cells"][3]["status"], "skipped");

  // Everything but the samples themselves, which summary.json only counts.
  RunResult expected = run;
  for (auto& cell : expected.cells) cell.samples.clear();
  EXPECT_EQ(model::dump_json(model::to_json(read_summary_json(path))),
            model::dump_json(model::to_json(expected)));
}

TEST(SummaryJson, ReplacesTheFileAndLeavesNoTemporary) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "summary.json";
  RunResult run = testing::two_plugins_two_points();
  write_summary_json(run, path);
  run.cells.resize(1);
  write_summary_json(run, path);
  EXPECT_EQ(read_summary_json(path).cells.size(), 1u);
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    (void)entry;
    ++files;
  }
  EXPECT_EQ(files, 1u);
}

TEST(SummaryJson, MalformedFileIsReportedWithItsPath) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "summary.json";
  write_summary_json(testing::two_plugins_two_points(), path);
  std::filesystem::resize_file(path, 100);
  try {
    read_summary_json(path);
    FAIL() << "expected an exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos);
  }
}

TEST(SummaryJson, SchemaVersionIsTheFirstMember) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "summary.json";
  write_summary_json(testing::two_plugins_two_points(), path);
  const model::Json j = model::Json::parse(testing::read_file(path));
  EXPECT_EQ(j.begin().key(), "schema_version");
  EXPECT_EQ(j.at("schema_version"), kSummarySchemaVersion);
}

// A file from before the field reads as it did; one from a newer runner is refused by name.
TEST(SummaryJson, SchemaVersionAbsentReadsAndNewerIsRefused) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "summary.json";
  write_summary_json(testing::two_plugins_two_points(), path);
  model::Json j = model::Json::parse(testing::read_file(path));
  j.erase("schema_version");
  write_file_atomically(path, j.dump());
  EXPECT_EQ(read_summary_json(path).cells.size(), 4u);

  j["schema_version"] = kSummarySchemaVersion + 1;
  write_file_atomically(path, j.dump());
  try {
    read_summary_json(path);
    FAIL() << "expected an exception";
  } catch (const std::runtime_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(path.string() + ": schema_version: 2 is newer than this runner reads (1)"),
              std::string::npos)
        << what;
  }
}

// Issue 31, item 7: the readers of a results directory (compare, merge, export) check the
// version as read_summary_json does, and a version that is no integer or below 1 is refused.
TEST(SummaryJson, EveryReaderRefusesAVersionItDoesNotReadByName) {
  testing::ScratchDir dir;
  const auto results = dir.path() / "run";
  std::filesystem::create_directory(results);
  const auto path = results / "summary.json";
  write_summary_json(testing::two_plugins_two_points(), path);  // the summary is read first
  model::Json j = model::Json::parse(testing::read_file(path));
  const std::pair<model::Json, std::string> cases[] = {
      {99, "schema_version: 99 is newer than this runner reads (1)"},
      {"x", "schema_version: \"x\" is not a version (this runner reads 1)"},
      {0, "schema_version: 0 is not a version this runner reads (1)"}};
  for (const auto& [version, message] : cases) {
    j["schema_version"] = version;
    std::filesystem::remove(path);
    write_file_atomically(path, j.dump());
    for (int reader = 0; reader < 2; ++reader) {
      try {
        if (reader == 0)
          read_results_dir(results);
        else
          read_summary_json(path);
        FAIL() << "read a summary.json of schema_version " << version.dump();
      } catch (const std::runtime_error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find(path.string() + ": " + message), std::string::npos) << what;
      }
    }
  }
}

TEST(SummaryJson, UnwritableDirectoryThrows) {
  testing::ScratchDir dir;
  EXPECT_THROW(write_summary_json(testing::two_plugins_two_points(),
                                  dir.path() / "missing-dir" / "summary.json"),
               std::system_error);
}

}  // namespace
}  // namespace rb::report
