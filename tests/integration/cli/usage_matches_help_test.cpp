// The usage lines of the README and the user guide (docs/guide/*.md) and `runner SUBCOMMAND
// --help` name the same options: an option added to the runner but not to the documentation
// (or the other way round) fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "run_helpers.h"

namespace rbtest {
namespace {

using OptionSet = std::set<std::string>;

// The README, then the guide's pages in name order: where the usage lines live.
std::vector<std::filesystem::path> usage_documents() {
  const std::filesystem::path source(RB_SOURCE_DIR);
  std::vector<std::filesystem::path> guide;
  for (const auto& entry : std::filesystem::directory_iterator(source / "docs" / "guide"))
    if (entry.path().extension() == ".md") guide.push_back(entry.path());
  std::sort(guide.begin(), guide.end());
  guide.insert(guide.begin(), source / "README.md");
  return guide;
}

std::vector<std::string> lines_of(const std::filesystem::path& file) {
  std::ifstream in(file);
  EXPECT_TRUE(in) << "cannot read " << file;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

void add_options(const std::string& text, OptionSet& options) {
  static const std::regex option(R"((^|[\s\[|,])(--[a-z][a-z0-9-]*))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), option);
       it != std::sregex_iterator(); ++it)
    options.insert((*it)[2].str());
}

// Options on one document's usage lines of `runner <subcommand>` inside code blocks: the
// line itself and the indented lines that continue it, comments cut off.
void add_documented_options(const std::filesystem::path& file, const std::string& subcommand,
                            OptionSet& options) {
  bool in_code = false;
  bool continuing = false;
  const std::string head = "runner " + subcommand;
  for (const std::string& line : lines_of(file)) {
    if (line.rfind("```", 0) == 0) {
      in_code = !in_code;
      continuing = false;
      continue;
    }
    if (!in_code) continue;
    const std::string code = line.substr(0, line.find(" #"));
    const bool starts = code.rfind(head + " ", 0) == 0 || code == head;
    const bool continues = continuing && !code.empty() && code[0] == ' ';
    if (starts || continues) add_options(code, options);
    continuing = starts || continues;
  }
}

OptionSet documented_options(const std::string& subcommand) {
  OptionSet options;
  for (const auto& file : usage_documents()) add_documented_options(file, subcommand, options);
  return options;
}

// The option names of `runner <subcommand> --help`: the first column of its OPTIONS lines.
OptionSet help_options(const std::string& subcommand) {
  std::vector<std::string> args;  // "store copy": a subcommand's subcommand
  std::istringstream words(subcommand);
  for (std::string word; words >> word;) args.push_back(word);
  args.push_back("--help");
  const RunOutput r = run_runner(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Options:"), std::string::npos) << r.out;
  OptionSet options;
  static const std::regex name_column(R"(^\s+(?:-[a-zA-Z],)?(--[a-z][a-z0-9-]*))");
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    if (std::regex_search(line, match, name_column)) options.insert(match[1].str());
  }
  options.erase("--help");
  return options;
}

class UsageMatchesHelp : public ::testing::TestWithParam<std::string> {};

TEST_P(UsageMatchesHelp, SameOptions) {
  const OptionSet help = help_options(GetParam());
  EXPECT_EQ(documented_options(GetParam()), help)
      << "the usage lines of `runner " << GetParam()
      << "` in README.md and docs/guide/*.md and its --help differ";
}

INSTANTIATE_TEST_SUITE_P(EverySubcommand, UsageMatchesHelp,
                         ::testing::Values("run", "plugins", "validate", "serve", "history",
                                           "compare", "report", "export", "summarize", "tag",
                                           "merge", "store copy"));

TEST(Help, EndsWithExamples) {
  const RunOutput r = run_runner({"--help"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto examples = r.out.rfind("Examples:");
  ASSERT_NE(examples, std::string::npos) << r.out;
  EXPECT_NE(r.out.find("runner run configs/flower.toml", examples), std::string::npos) << r.out;
}

TEST(Help, ListsTheAllowedValues) {
  const RunOutput r = run_runner({"export", "--help"});
  EXPECT_NE(r.out.find("google-benchmark"), std::string::npos) << r.out;
  const RunOutput c = run_runner({"compare", "--help"});
  EXPECT_NE(c.out.find("{table,md,markdown,json,csv}"), std::string::npos) << c.out;
}

}  // namespace
}  // namespace rbtest
