// Text from plugins and results files is shown escaped: no byte a terminal acts on, one line
// per table row (issue 14, item 3).
#include "text/printable.h"

#include <gtest/gtest.h>

#include "text/text_table.h"

namespace rb::text {
namespace {

TEST(Printable, EscapesC0DelAndC1ControlsKeepingUtf8) {
  EXPECT_EQ(printable("a\x1b[2J\nb\r\t\x7f"), "a\\x1B[2J\\nb\\r\\t\\x7F");
  EXPECT_EQ(printable("csi \xc2\x9b"
                      "31m"),
            "csi \\u009B31m");
  EXPECT_EQ(printable("caf\xc3\xa9 \xc2\xa0 \xe2\x82\xac"), "caf\xc3\xa9 \xc2\xa0 \xe2\x82\xac");
  EXPECT_EQ(printable("\xff"), "\\xFF");
}

TEST(Printable, LinesKeepsOnlyNewlines) {
  EXPECT_EQ(printable_lines("one\x1b[2J\ntwo\r"), "one\\x1B[2J\ntwo\\r");
}

// Issue 31: a 5 MB option value was echoed whole in its error.
TEST(Printable, AnExcerptCutsALongValueBetweenCharactersAndSaysItsLength) {
  EXPECT_EQ(printable_excerpt("short\x1b"), "short\\x1B");
  EXPECT_EQ(printable_excerpt(std::string(64, 'x')), std::string(64, 'x'));
  EXPECT_EQ(printable_excerpt(std::string(5 << 20, 'x')),
            std::string(64, 'x') + "... (5242880 bytes)");
  // 63 ASCII bytes then 'é' (two bytes): the cut falls before the 'é', not inside it.
  EXPECT_EQ(printable_excerpt(std::string(63, 'a') + "\xc3\xa9" + std::string(10, 'b')),
            std::string(63, 'a') + "... (75 bytes)");
}

TEST(TextTable, EveryRowStaysOneLineAndMarkdownCellsToo) {
  const TextTable table{{"plugin", "version"}, {}, {{"p", "1.0\x1b[2J\nX|y"}}};
  EXPECT_EQ(render_text(table),
            "plugin  version\n------  ---------------\np       1.0\\x1B[2J\\nX|y\n");
  EXPECT_EQ(render_markdown(table),
            "| plugin | version |\n|---|---|\n| p | 1.0\\x1B[2J\\nX\\|y |\n");
}

}  // namespace
}  // namespace rb::text
