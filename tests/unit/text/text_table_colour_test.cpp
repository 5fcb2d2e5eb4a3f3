// A tinted table lines up exactly as a plain one: escapes wrap the cell's text after it is
// padded, so they never count toward a column's width, and Markdown never gets them.
#include <gtest/gtest.h>

#include <string>

#include "../../support/without_escapes.h"
#include "text/text_table.h"
#include "text/tint.h"

namespace rb::text {
namespace {

using rbtest::without_escapes;

TextTable verdicts() {
  TextTable t;
  t.header = {"plugin", "change", "verdict", "why"};
  t.right_aligned = {false, true, false, false};
  t.rows = {{"libevent2", "+20.3%", "slower", "beyond the band"},
            {"raw-epoll", "-1.0%", "same", ""},
            {"muduo", "n/a", "inconclusive", "few samples"}};
  t.tints = {{Tint::none, Tint::none, Tint::red, Tint::none},
             {Tint::none, Tint::green, Tint::dim, Tint::none},
             {Tint::none, Tint::none, Tint::yellow, Tint::none}};
  return t;
}

TEST(TextTableColour, PaintedCellsKeepTheColumnsOfThePlainTable) {
  const std::string plain = render_text(verdicts());
  const std::string coloured = render_text(verdicts(), true);
  EXPECT_NE(coloured, plain);
  EXPECT_EQ(without_escapes(coloured), plain) << coloured;
}

TEST(TextTableColour, OnlyTheTextIsPaintedNotItsPadding) {
  const std::string coloured = render_text(verdicts(), true);
  EXPECT_NE(coloured.find("\033[31mslower\033[0m        beyond the band\n"), std::string::npos)
      << coloured;
  EXPECT_NE(coloured.find("  \033[32m-1.0%\033[0m  \033[2msame\033[0m\n"), std::string::npos)
      << coloured;  // the right-aligned change, and no trailing blanks after the last painted cell
}

TEST(TextTableColour, WithoutColourTheTintsAreIgnored) {
  EXPECT_EQ(render_text(verdicts()).find('\033'), std::string::npos);
  EXPECT_EQ(render_text(verdicts(), false), render_text([] {
              TextTable t = verdicts();
              t.tints.clear();
              return t;
            }()));
}

TEST(TextTableColour, MarkdownNeverHasEscapes) {
  EXPECT_EQ(render_markdown(verdicts()).find('\033'), std::string::npos);
}

TEST(TextTableColour, MissingTintsArePlain) {
  TextTable t = verdicts();
  t.tints.resize(1);
  t.tints[0].resize(3);
  const std::string coloured = render_text(t, true);
  EXPECT_EQ(without_escapes(coloured), render_text(t));
  EXPECT_EQ(coloured.find("\033[2m"), std::string::npos);
}

TEST(Tint, PaintWrapsTextInTheColourAndAReset) {
  EXPECT_EQ(paint("slower", Tint::red), "\033[31mslower\033[0m");
  EXPECT_EQ(paint("faster", Tint::green), "\033[32mfaster\033[0m");
  EXPECT_EQ(paint("maybe", Tint::yellow), "\033[33mmaybe\033[0m");
  EXPECT_EQ(paint("same", Tint::dim), "\033[2msame\033[0m");
  EXPECT_EQ(paint("plain", Tint::none), "plain");
  EXPECT_EQ(paint("", Tint::red), "");
}

}  // namespace
}  // namespace rb::text
