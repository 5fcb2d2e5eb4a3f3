// What could skew a run's numbers is said before its first cell and kept in summary.json.
#include <gtest/gtest.h>

#include <sstream>

#include "run_helpers.h"

namespace rbtest {
namespace {

TEST(RunWarnings, AreSaidOnStderrAndKeptInTheContext) {
  ScratchDir dir;
  const std::string config =
      matrix_config("flower", R"("raw-epoll")", run_lines(2, "20s"), kTinyFlowerPoint);
  const RunOutput r = run_runner(
      {"run", dir.write("w.toml", config).string(), "--out", (dir.path() / "out").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json summary = read_json(dir.path() / "out" / "summary.json");
  const nlohmann::json& context = summary.at("context");
  ASSERT_TRUE(context.contains("machine_warnings")) << context.dump(2);
  std::vector<std::string> said;
  std::istringstream lines(r.err);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("warning: ", 0) == 0) said.push_back(line.substr(9));
  EXPECT_EQ(context.at("machine_warnings").get<std::vector<std::string>>(), said) << r.err;
  const std::string build_type = context.at("build_type").get<std::string>();
  if (build_type == "Debug") {
    ASSERT_FALSE(said.empty());
    EXPECT_NE(said.front().find("the runner is a Debug build"), std::string::npos) << r.err;
  }
  // Said before the first cell: ahead of the run's first progress line.
  if (!said.empty()) {
    EXPECT_LT(r.err.find("warning: "), r.err.find("[  1/")) << r.err;
  }
}

}  // namespace
}  // namespace rbtest
