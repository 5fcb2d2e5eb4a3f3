// Every file in tests/data/http_requests (fuzzer seeds and the crashers it found) through
// the parser: no crash, the outcome its name promises, the same outcome in any chunking.
//   ok-*   every byte belongs to complete, valid requests (one or several, pipelined)
//   bad-*  the stream ends in RB_HTTP_BAD
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "http_test_support.h"

namespace rb::http_test {
namespace {

std::vector<std::filesystem::path> request_files() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(RB_HTTP_REQUESTS_DIR))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

TEST(HttpRequestFiles, TheFolderHoldsValidAndBadRequests) {
  int ok = 0;
  int bad = 0;
  for (const auto& file : request_files()) {
    const std::string name = file.filename().string();
    ok += name.starts_with("ok-");
    bad += name.starts_with("bad-");
    EXPECT_TRUE(name.starts_with("ok-") || name.starts_with("bad-")) << name;
  }
  EXPECT_GE(ok, 5);
  EXPECT_GE(bad, 10);
}

TEST(HttpRequestFiles, EachGivesWhatItsNameSays) {
  for (const auto& file : request_files()) {
    const std::string name = file.filename().string();
    const std::string stream = read_file(file.string());
    const ParseOutcome whole = parse_whole(stream);
    ASSERT_FALSE(whole.events.empty()) << name;
    if (name.starts_with("ok-")) {
      EXPECT_EQ(whole.consumed, stream.size()) << name;
      EXPECT_EQ(whole.events.back().end, stream.size()) << name;
      for (const ParseEvent& event : whole.events) EXPECT_EQ(event.result, RB_HTTP_REQUEST) << name;
    } else {
      EXPECT_EQ(whole.events.back().result, RB_HTTP_BAD) << name;
    }
  }
}

TEST(HttpRequestFiles, EachGivesTheSameOutcomeInAnyChunking) {
  std::mt19937 random(42);
  for (const auto& file : request_files()) {
    const std::string name = file.filename().string();
    const std::string stream = read_file(file.string());
    const ParseOutcome whole = parse_whole(stream);
    ASSERT_EQ(parse_bytewise(stream), whole) << name;
    for (std::size_t cut = 0; cut <= stream.size(); ++cut)
      ASSERT_EQ(parse_chunks(stream, {cut}), whole) << name << " cut at " << cut;
    for (int round = 0; round < 50; ++round) {
      std::vector<std::size_t> cuts;
      for (std::size_t at = 0; at < stream.size(); cuts.push_back(at))
        at += std::uniform_int_distribution<std::size_t>(1, 17)(random);
      if (!cuts.empty()) cuts.pop_back();  // the last one is at or past the end
      ASSERT_EQ(parse_chunks(stream, cuts), whole) << name << " round " << round;
    }
  }
}

}  // namespace
}  // namespace rb::http_test
