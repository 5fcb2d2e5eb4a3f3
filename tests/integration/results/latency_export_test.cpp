// An open-loop rr run keeps its distributions whole, in the results directory and in the
// history, and `runner export --format hdr-percentiles` writes them as .hgrm files: the
// corrected one and, beside it, the uncorrected one (wrk2 -U) that shows the coordinated
// omission gap (issue 19, "Results that keep everything").
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <string>

#include "results_support.h"

namespace rbtest {
namespace {

namespace fs = std::filesystem;

// raw-epoll pausing 100 ms every 400 ms: open loop charges each pause to the requests due
// during it; timed from their actual send (after the pause) they look fast.
std::string stalling_rr_config() {
  return matrix_config("rr", R"("stalling")", run_lines(2, "60s"),
                       "connections = [4]\nrate = [0, 200]\nduration = [\"1s\"]",
                       "[variants.stalling]\nplugin = \"raw-epoll\"\nstall_ms = 100\n"
                       "stall_every_ms = 400\n");
}

std::map<std::string, std::string> files_in(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& entry : fs::directory_iterator(dir))
    out[entry.path().filename().string()] = file_text(entry.path());
  return out;
}

class LatencyExport : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir = new ScratchDir;
    store = dir->path() / "history.db";
    run = run_runner({"run", dir->write("rr.toml", stalling_rr_config()).string(), "--out",
                      (dir->path() / "out").string(), "--store", store.string()});
  }
  static void TearDownTestSuite() {
    delete dir;
    dir = nullptr;
  }
  void SetUp() override { ASSERT_EQ(run.exit_code, 0) << run.err << run.out; }

  static inline ScratchDir* dir = nullptr;
  static inline fs::path store;
  static inline RunOutput run;
};

TEST_F(LatencyExport, OpenLoopCellsHaveTheUncorrectedDistributionBesideTheCorrectedOne) {
  const auto summary = read_json(dir->path() / "out" / "summary.json");
  EXPECT_EQ(summary.at("schema_version"), 1);
  for (const auto& cell : summary.at("cells")) {
    SCOPED_TRACE(cell.at("params").dump());
    ASSERT_EQ(cell.at("status"), "ok") << cell.at("reason");
    const auto& corrected = cell.at("merged_latency");
    if (cell.at("params").at("rate") == 0) {
      EXPECT_FALSE(cell.contains("merged_uncorrected_latency"));
      continue;
    }
    const auto& uncorrected = cell.at("merged_uncorrected_latency");
    EXPECT_EQ(uncorrected.at("count"), corrected.at("count"));
    for (const char* p : {"p50_us", "p90_us", "p99_us", "p999_us"})
      EXPECT_LE(uncorrected.at(p).get<double>(), corrected.at(p).get<double>()) << p;
    // The pauses the open loop charged to the requests due during them.
    EXPECT_LT(uncorrected.at("p90_us").get<double>(), corrected.at("p90_us").get<double>());
  }
  // summary.md: one uncorrected row, the open-loop cell's, after its corrected one.
  const std::string md = file_text(dir->path() / "out" / "summary.md");
  const auto row = md.find(" (uncorrected) |");
  ASSERT_NE(row, std::string::npos) << md;
  EXPECT_EQ(md.find(" (uncorrected) |", row + 1), std::string::npos) << md;
  const auto line_start = md.rfind('\n', row);
  EXPECT_NE(md.substr(line_start, row - line_start).find("rate=200"), std::string::npos) << md;
}

TEST_F(LatencyExport, SamplesCarryTheirHistogramsAndLayoutId) {
  std::size_t with_histograms = 0;
  for (const auto& line : read_sample_lines(dir->path() / "out" / "samples.jsonl")) {
    const auto j = nlohmann::json::parse(line);
    if (!j.contains("latency_histogram") || j.at("warmup") == true) continue;
    ++with_histograms;
    EXPECT_EQ(j.at("latency_layout"), "hdr-log-linear/sub_bits=8/max_bits=42/unit=ns");
    EXPECT_EQ(j.contains("uncorrected_latency_histogram"), j.at("params").at("rate") == 200);
  }
  EXPECT_EQ(with_histograms, 4u);  // 2 cells x 2 measured runs
}

TEST_F(LatencyExport, HdrPercentilesFromTheDirectoryAndFromTheStoreAreTheSame) {
  const fs::path from_dir = dir->path() / "hgrm-dir";
  const fs::path from_store = dir->path() / "hgrm-store";
  const auto a = run_runner({"export", (dir->path() / "out").string(), "--format",
                             "hdr-percentiles", "--out", from_dir.string()});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_NE(a.err.find("note: wrote 3 files into " + from_dir.string()), std::string::npos)
      << a.err;
  const auto b = run_runner({"export", "last", "--store", store.string(), "--format", "hgrm",
                             "--out", from_store.string()});
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const auto files = files_in(from_dir);
  EXPECT_EQ(files, files_in(from_store));
  ASSERT_EQ(files.size(), 3u);
  const auto summary = read_json(dir->path() / "out" / "summary.json");
  for (const auto& [name, text] : files) {
    SCOPED_TRACE(name);
    EXPECT_TRUE(text.starts_with("       Value     Percentile TotalCount 1/(1-Percentile)\n\n"));
    EXPECT_NE(text.find(" 1.000000000000 "), std::string::npos);
    EXPECT_NE(text.find("#[Buckets =           35, SubBuckets     =          256]\n"),
              std::string::npos);
  }
  // "<cell index>-<cell name>[.uncorrected].hgrm"; only the open-loop cell has both.
  std::string open_loop;
  for (const auto& [name, text] : files)
    if (name.ends_with(".uncorrected.hgrm")) open_loop = name.substr(0, name.size() - 17);
  EXPECT_TRUE(open_loop.starts_with("1-rr_stalling_connections=4_rate=200_")) << open_loop;
  ASSERT_EQ(files.count(open_loop + ".hgrm"), 1u);
  EXPECT_TRUE(files.begin()->first.starts_with("0-rr_stalling_connections=4_rate=0_"));
  const auto count = static_cast<std::uint64_t>(
      summary.at("cells")[1].at("merged_latency").at("count").get<double>());
  EXPECT_NE(files.at(open_loop + ".hgrm").find(fmt::format("Total count    = {:12d}]", count)),
            std::string::npos);
}

TEST_F(LatencyExport, SeveralFilesWithoutOutIsAUsageErrorNamingThem) {
  const auto result =
      run_runner({"export", (dir->path() / "out").string(), "--format", "hdr-percentiles"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_NE(result.err.find("error: hdr-percentiles gives one file per distribution, 3 here ("),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("name a directory for them with --out DIR"), std::string::npos);
}

TEST_F(LatencyExport, ARunWithoutHistogramsIsRefused) {
  const ScratchDir flower;
  const auto tiny = run_tiny(flower, "out", {"--no-store"});
  ASSERT_EQ(tiny.exit_code, 0) << tiny.err;
  const auto result =
      run_runner({"export", (flower.path() / "out").string(), "--format", "hdr-percentiles"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("error: the run has no latency histograms"), std::string::npos)
      << result.err;
}

}  // namespace
}  // namespace rbtest
