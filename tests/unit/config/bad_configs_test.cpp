// Every file in tests/data/bad_configs must fail with one ConfigError whose what() is a single
// line "<path>:<line>:<col>: <message>": never another exception, never a crash. A file's
// first line may say where and what: "# <what it breaks> -- expect L:C "<message fragment>"".
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <regex>

#include "config_test_support.h"

namespace rb::config {
namespace {

namespace fs = std::filesystem;

struct Expectation {
  std::string line_col;  // "L:C"
  std::string fragment;  // must appear in the message
};

// Files that cannot carry a comment (empty, binary).
const std::map<std::string, Expectation> uncommented = {
    {"empty.toml", {"1:1", "missing required key 'workload'"}},
    {"binary_junk.toml", {"1:1", "Error while parsing root table"}},
    {"only_nul_bytes.toml", {"1:1", "Error while parsing root table"}},
    {"utf16_encoded.toml", {"1:1", "Encountered invalid utf-8 sequence"}},
};

std::vector<fs::path> bad_config_files() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(RB_BAD_CONFIGS_DIR))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::optional<Expectation> expectation_of(const fs::path& file) {
  if (auto found = uncommented.find(file.filename().string()); found != uncommented.end())
    return found->second;
  std::ifstream in(file, std::ios::binary);
  std::string first_line;
  std::getline(in, first_line);
  static const std::regex pattern(R"re(^# .+ -- expect (\d+:\d+) "(.*)"$)re");
  std::smatch match;
  if (!std::regex_match(first_line, match, pattern)) return std::nullopt;
  return Expectation{match[1], match[2]};
}

TEST(BadConfigs, ThereAreAtLeastThirty) {
  EXPECT_GE(bad_config_files().size(), 30u);
}

TEST(BadConfigs, EachFailsWithAOneLinePositionedConfigError) {
  const testing::FakeLookup catalog;
  for (const fs::path& file : bad_config_files()) {
    SCOPED_TRACE(file.filename().string());
    const std::optional<Expectation> expected = expectation_of(file);
    EXPECT_TRUE(expected.has_value()) << "no '-- expect L:C \"...\"' on the first line";

    std::string what;
    try {
      load_plan(file, &catalog, {});
      ADD_FAILURE() << "loaded without error";
      continue;
    } catch (const ConfigError& error) {
      what = error.what();
    } catch (const std::exception& error) {
      ADD_FAILURE() << "not a ConfigError: " << error.what();
      continue;
    }

    EXPECT_EQ(what.find_first_of("\r\n"), std::string::npos) << what;
    const std::string prefix = file.string() + ":";
    ASSERT_EQ(what.compare(0, prefix.size(), prefix), 0) << what;
    static const std::regex position(R"(^(\d+):(\d+): .+)");
    std::smatch match;
    const std::string rest = what.substr(prefix.size());
    ASSERT_TRUE(std::regex_match(rest, match, position)) << what;
    EXPECT_GE(std::stoi(match[1]), 1) << what;
    EXPECT_GE(std::stoi(match[2]), 1) << what;

    if (expected) {
      EXPECT_EQ(match[1].str() + ":" + match[2].str(), expected->line_col) << what;
      EXPECT_NE(what.find(expected->fragment), std::string::npos)
          << what << "\n  lacks: " << expected->fragment;
    }
  }
}

}  // namespace
}  // namespace rb::config
