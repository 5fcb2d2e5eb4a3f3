// One results directory per run, checked when read (issue 14.4), and a run that measured
// everything but could not write its summaries (issue 14.8): exit code 4, samples.jsonl
// kept, `runner summarize` rebuilds the summaries as the run would have written them.
#include <gtest/gtest.h>

#include <fstream>

#include "results_support.h"

namespace rbtest {
namespace {

constexpr int kExitUsage = 2;

TEST(ResultsDir, ASecondRunIntoTheSameOutIsRefusedUnlessForced) {
  ScratchDir dir;
  auto r = run_tiny(dir, "out");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string samples = file_text(dir.path() / "out" / "samples.jsonl");

  r = run_tiny(dir, "out");
  EXPECT_EQ(r.exit_code, kExitUsage) << r.err;
  EXPECT_NE(r.err.find("out: not empty"), std::string::npos) << r.err;
  EXPECT_EQ(file_text(dir.path() / "out" / "samples.jsonl"), samples);

  r = run_tiny(dir, "out", {"--force"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  long headers = 0;
  for (const auto& line : read_lines(dir.path() / "out" / "samples.jsonl"))
    headers += nlohmann::json::parse(line).value("event", "") == "run" ? 1 : 0;
  EXPECT_EQ(headers, 1);
  r = run_runner({"export", (dir.path() / "out").string(), "--format", "bencher"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

// Every sample line twice: the readers refuse the directory instead of judging double samples.
TEST(ResultsDir, ReadersRefuseSamplesThatDoNotMatchTheSummary) {
  ScratchDir dir;
  auto r = run_tiny(dir, "out");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto samples = dir.path() / "out" / "samples.jsonl";
  const auto lines = read_sample_lines(samples);
  {
    std::ofstream append(samples, std::ios::app);
    for (const auto& line : lines) append << line << '\n';
  }
  const std::string out = (dir.path() / "out").string();
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"export", out, "--format", "bencher"},
        std::vector<std::string>{"compare", out, out}}) {
    r = run_runner(command);
    EXPECT_EQ(r.exit_code, kExitUsage) << command[0] << ": " << r.err;
    EXPECT_NE(r.err.find(samples.string() + " does not belong with"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("has 8 samples there, 4 in summary.json"), std::string::npos) << r.err;
  }
}

TEST(ResultsDir, SummarizeRebuildsTheSummariesByteForByte) {
  ScratchDir dir;
  auto r = run_tiny(dir, "out");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = dir.path() / "out";
  std::vector<std::string> written;
  for (const char* file : {"summary.json", "summary.csv", "summary.md"}) {
    written.push_back(file_text(out / file));
    std::filesystem::remove(out / file);
  }
  r = run_runner({"summarize", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("summarized: 2 of 2 cells"), std::string::npos) << r.err;
  const char* files[] = {"summary.json", "summary.csv", "summary.md"};
  for (std::size_t i = 0; i < written.size(); ++i)
    EXPECT_EQ(file_text(out / files[i]), written[i]) << files[i];
}

// summary.json cannot be written (its temporary is a directory here; a full disk in life):
// the run says so with its own exit code and how to rebuild; nothing measured is lost.
TEST(ResultsDir, ASummaryThatCannotBeWrittenExitsFourAndSummarizeRebuildsIt) {
  ScratchDir dir;
  const auto out = dir.path() / "out";
  std::filesystem::create_directories(out / "summary.json.tmp");
  // An earlier run's file, so that --force takes the directory (it replaces runs only).
  std::ofstream(out / "samples.jsonl") << "{}\n";
  auto r = run_tiny(dir, "out", {"--force"});
  EXPECT_EQ(r.exit_code, kExitResultsNotSaved) << r.err;
  EXPECT_NE(r.err.find("runner summarize " + out.string()), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out / "summary.json"));
  EXPECT_EQ(read_sample_lines(out / "samples.jsonl").size(), 8u);

  std::filesystem::remove(out / "summary.json.tmp");
  r = run_runner({"summarize", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto summary = read_json(out / "summary.json");
  ASSERT_EQ(summary.at("cells").size(), 2u);
  EXPECT_EQ(cell_of(summary, "raw-epoll").at("samples"), 4);
  EXPECT_EQ(cell_of(summary, "libevent2").at("status"), "ok");
  r = run_runner({"export", out.string(), "--format", "bencher"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

// The error names the results directory, whatever bytes its name holds: they reach the
// terminal only as printable text.
TEST(ResultsDir, SummarizeNamesAnOddlyNamedDirectoryPrintably) {
  ScratchDir dir;
  const auto out = dir.path() / "run\x1b]0;owned\x07";
  std::filesystem::create_directories(out);
  std::ofstream(out / "samples.jsonl") << "{}\n";
  const auto r = run_runner({"summarize", out.string()});
  EXPECT_EQ(r.exit_code, kExitUsage) << r.err;
  EXPECT_NE(r.err.find("error: "), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\x07'), std::string::npos) << r.err;
}

}  // namespace
}  // namespace rbtest
