// The documentation a user meets first holds together: every relative link in the README, in
// docs/ (the user guide included) and in examples/ reaches a file, and a link's #anchor a
// heading of that file (GitHub's anchor for it); the README stays a two-minute read and gives
// the test command CI runs in its strict form.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace rbtest::doc_links {
namespace {

namespace fs = std::filesystem;

const fs::path kSource(RB_SOURCE_DIR);

struct Link {
  int line = 0;
  std::string target;
};

struct MarkdownFile {
  std::set<std::string> anchors;
  std::vector<Link> links;
};

// GitHub's anchor of a heading: lower case, spaces to '-', punctuation but '-' and '_' dropped
// (bytes of other scripts kept).
std::string anchor_of(const std::string& heading) {
  std::string out;
  for (const unsigned char c : heading) {
    if (c >= 0x80 || std::isalnum(c))
      out += static_cast<char>(std::tolower(c));
    else if (c == '-' || c == '_')
      out += static_cast<char>(c);
    else if (c == ' ')
      out += '-';
  }
  return out;
}

// Headings and links outside fenced code; a link inside `inline code` is text, not a link.
MarkdownFile read_markdown(const fs::path& file) {
  static const std::regex heading(R"(^#{1,6} (.*?)\s*$)");
  static const std::regex code_span("`[^`]*`");
  static const std::regex link(R"(\]\(([^)\s]+)\))");
  MarkdownFile out;
  std::ifstream in(file);
  EXPECT_TRUE(in) << "cannot read " << file;
  bool in_code = false;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.rfind("```", 0) == 0) in_code = !in_code;
    if (in_code || line.rfind("```", 0) == 0) continue;
    std::smatch match;
    if (std::regex_match(line, match, heading)) out.anchors.insert(anchor_of(match[1].str()));
    const std::string text = std::regex_replace(line, code_span, "``");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), link);
         it != std::sregex_iterator(); ++it)
      out.links.push_back({number, (*it)[1].str()});
  }
  return out;
}

std::vector<fs::path> documentation_files() {
  std::vector<fs::path> files{kSource / "README.md"};
  for (const char* folder : {"docs", "examples"})
    for (const auto& entry : fs::recursive_directory_iterator(kSource / folder))
      if (entry.is_regular_file() && entry.path().extension() == ".md")
        files.push_back(entry.path());
  return files;
}

// What is wrong with one link of `file`, or "" when it leads where it says.
std::string broken(const fs::path& file, const std::string& target) {
  static const std::regex scheme("^[a-z]+:");
  if (std::regex_search(target, scheme)) return "";  // http:, https:, mailto:
  const auto hash = target.find('#');
  const std::string path = target.substr(0, hash);
  const fs::path resolved = path.empty() ? file : file.parent_path() / path;
  if (!fs::exists(resolved)) return "no such file " + resolved.lexically_normal().string();
  if (hash == std::string::npos) return "";
  const std::string anchor = target.substr(hash + 1);
  if (read_markdown(resolved).anchors.count(anchor) == 0)
    return "no heading with the anchor #" + anchor + " in " + resolved.lexically_normal().string();
  return "";
}

TEST(DocumentationLinks, EveryRelativeLinkReachesItsFileAndHeading) {
  std::vector<std::string> problems;
  std::size_t checked = 0;
  for (const auto& file : documentation_files()) {
    for (const Link& link : read_markdown(file).links) {
      ++checked;
      if (const std::string why = broken(file, link.target); !why.empty())
        problems.push_back(fs::relative(file, kSource).string() + ":" + std::to_string(link.line) +
                           ": (" + link.target + "): " + why);
    }
  }
  EXPECT_GT(checked, 20u) << "the README and the guide link each other";
  for (const auto& problem : problems) ADD_FAILURE() << problem;
}

TEST(DocumentationLinks, AnAnchorIsGitHubsForItsHeading) {
  EXPECT_EQ(anchor_of("`runner compare`"), "runner-compare");
  EXPECT_EQ(anchor_of("Paired verdicts (one run)"), "paired-verdicts-one-run");
  EXPECT_EQ(anchor_of("History: change points, and the verdict"),
            "history-change-points-and-the-verdict");
}

std::vector<std::string> file_lines(const fs::path& file) {
  std::ifstream in(file);
  EXPECT_TRUE(in) << "cannot read " << file;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

bool has_line_starting(const std::vector<std::string>& lines, const std::string& start) {
  for (const auto& line : lines)
    if (line.rfind(start, 0) == 0) return true;
  return false;
}

TEST(Readme, IsATwoMinuteRead) {
  EXPECT_LE(file_lines(kSource / "README.md").size(), 250u)
      << "README.md: the reference belongs in docs/guide/";
}

TEST(Readme, GivesTheTwoCommandsAndCiRunsTheStrictTest) {
  const auto readme = file_lines(kSource / "README.md");
  EXPECT_TRUE(has_line_starting(readme, "scripts/runner configs/flower.toml "));
  EXPECT_TRUE(has_line_starting(readme, "scripts/test "));
  EXPECT_TRUE(has_line_starting(file_lines(kSource / ".ci" / "run"), "scripts/test --strict"))
      << ".ci/run runs the README's test command in its strict form";
}

}  // namespace
}  // namespace rbtest::doc_links
