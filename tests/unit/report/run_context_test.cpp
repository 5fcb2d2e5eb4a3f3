#include "report/run_context.h"
#include "model/build_info.h"

#include <regex>

#include <gtest/gtest.h>

#include "synthetic_run.h"

namespace rb::report {
namespace {

TEST(RunContext, DescribesThisHost) {
  const RunContext c = collect_run_context();
  EXPECT_FALSE(c.host.empty());
  EXPECT_FALSE(c.kernel.empty());
  EXPECT_GT(c.cores, 0);
  EXPECT_TRUE(std::regex_match(c.load_average, std::regex(R"([0-9.]+ [0-9.]+ [0-9.]+)")))
      << c.load_average;
  EXPECT_EQ(c.compiler, model::compiler_description());
  EXPECT_EQ(c.build_type, model::build_type());
  EXPECT_EQ(c.runner_version, model::runner_version());
  EXPECT_NE(c.nofile_soft, 0);
  EXPECT_NE(c.nofile_hard, 0);
  EXPECT_TRUE(c.command_line.empty());
}

TEST(RunContext, StartedAtIsIso8601Utc) {
  const RunContext c = collect_run_context();
  EXPECT_TRUE(std::regex_match(c.started_at, std::regex(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)")))
      << c.started_at;
}

// The revision is the binary's, fixed when it was built (scripts/git_revision.cmake): the
// same in whatever directory the run starts.
TEST(RunContext, GitRevisionIsTheBuildsWhereverTheRunStarts) {
  const std::string revision = model::git_revision();
  // The source tree may be an export without .git; either form is valid.
  EXPECT_TRUE(std::regex_match(revision, std::regex(R"(([0-9a-f]{4,40}(-dirty)?)?)"))) << revision;
  const auto here = std::filesystem::current_path();
  testing::ScratchDir dir;
  std::filesystem::current_path(dir.path());
  const RunContext c = collect_run_context();
  std::filesystem::current_path(here);
  EXPECT_EQ(c.git_revision, revision);
}

}  // namespace
}  // namespace rb::report
