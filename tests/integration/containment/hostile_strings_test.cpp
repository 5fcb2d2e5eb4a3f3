// A plugin's strings reach the terminal escaped (issue 14, item 3): its version, library,
// library_version, description and error texts hold ESC sequences, a newline, a carriage
// return and a C1 CSI; `plugins`, `validate` and a run print none of them raw, and each
// table row stays one line.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "containment_support.h"

namespace rbtest {
namespace {

const std::string kDir = bad_plugin("hostile").string();

// No byte that a terminal acts on: C0 controls but newline, DEL, and C1 (U+0080..U+009F).
void expect_no_control_bytes(const std::string& text, const std::string& what) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const bool c0 = (byte < 0x20 && byte != '\n') || byte == 0x7F;
    const bool c1 = byte == 0xC2 && i + 1 < text.size() &&
                    static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[i + 1]) <= 0x9F;
    EXPECT_FALSE(c0 || c1) << what << ": control byte " << static_cast<int>(byte) << " at " << i
                           << " in:\n"
                           << text;
    if (c0 || c1) return;
  }
}

std::vector<std::string> lines_with(const std::string& text, const std::string& part) {
  std::vector<std::string> found;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.find(part) != std::string::npos) found.push_back(line);
  return found;
}

TEST(HostileStrings, PluginsListsThemEscapedOneRowEach) {
  const auto listed = run_runner({"plugins", "--plugin-path", kDir});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  expect_no_control_bytes(listed.out, "plugins");
  const auto rows = lines_with(listed.out, "hostile-strings");
  ASSERT_EQ(rows.size(), 1u) << listed.out;
  EXPECT_NE(rows[0].find("1.0\\x1B[2J\\nX"), std::string::npos) << rows[0];
  EXPECT_NE(rows[0].find("poll\\x1B[31m lib\\x1B]0;retitled\\x07"), std::string::npos) << rows[0];
  EXPECT_NE(rows[0].find(kDir), std::string::npos) << rows[0];  // the row goes on to the path
}

// A long library_version is cut with an ellipsis in its column: the columns after it (ABI,
// WORKLOADS, PATH) start where their headings do, and a note says where the whole text is.
TEST(LongStrings, PluginsKeepsItsColumns) {
  const std::string dir = bad_plugin("long").string();
  const auto listed = run_runner({"plugins", "--plugin-path", dir});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  const auto header = lines_with(listed.out, "WRAPS (RUN-TIME VERSION)");
  const auto rows = lines_with(listed.out, "long-strings");
  ASSERT_EQ(header.size(), 1u) << listed.out;
  ASSERT_EQ(rows.size(), 1u) << listed.out;
  EXPECT_NE(rows[0].find("poll 2.1.12-stable+build"), std::string::npos) << rows[0];
  EXPECT_EQ(rows[0].find("with-extra-long-suffix"), std::string::npos) << rows[0];
  EXPECT_NE(rows[0].find("\u2026"), std::string::npos) << rows[0];
  // Columns in code points: the ellipsis is one character of three bytes.
  const auto column = [](const std::string& line, const std::string& part) {
    const std::string before = line.substr(0, line.find(part));
    std::size_t shown = 0;
    for (const char c : before) shown += (c & 0xC0) != 0x80;
    return shown;
  };
  EXPECT_EQ(column(rows[0], "flower"), column(header[0], "WORKLOADS")) << listed.out;
  EXPECT_NE(listed.out.find("runner plugins --json shows it whole"), std::string::npos)
      << listed.out;
  const auto json = run_runner({"plugins", "--json", "--plugin-path", dir});
  EXPECT_NE(json.out.find("with-extra-long-suffix"), std::string::npos) << json.out;
}

TEST(HostileStrings, ValidatePrintsThemEscaped) {
  const auto checked =
      run_runner({"validate", "hostile-strings", "--plugin-path", kDir, "--phase-timeout", "2"});
  expect_no_control_bytes(checked.out, "validate stdout");
  expect_no_control_bytes(checked.err, "validate stderr");
  EXPECT_NE(checked.out.find("clears\\x1B[2J the \\u009B1m screen"), std::string::npos)
      << checked.out;
}

TEST(HostileStrings, ARunPrintsItsErrorTextEscapedInTablesAndFiles) {
  const ScratchDir dir;
  const auto run = run_matrix(dir, two_plugin_config("hostile-strings"), {"--plugin-path", kDir});
  EXPECT_EQ(run.output.exit_code, 1) << run.output.err;
  expect_no_control_bytes(run.output.out, "run stdout");
  expect_no_control_bytes(run.output.err, "run stderr");
  const auto reasons = lines_with(run.output.out, "hostile-strings");
  ASSERT_FALSE(reasons.empty()) << run.output.out;
  EXPECT_NE(run.output.out.find("broken\\x1B[2J\\nthird dispatch\\r\\u009B31m"), std::string::npos)
      << run.output.out;
  std::stringstream markdown;
  markdown << std::ifstream(run.out / "summary.md").rdbuf();
  expect_no_control_bytes(markdown.str(), "summary.md");
  expect_good_plugin_completed(run);
}

}  // namespace
}  // namespace rbtest
