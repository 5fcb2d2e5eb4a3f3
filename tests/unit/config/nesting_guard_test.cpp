#include "config/nesting_guard.h"

#include <gtest/gtest.h>

#include "config/source_pos.h"
#include "config_test_support.h"

namespace rb::config {
namespace {

std::string dotted(int parts) {
  std::string key;
  for (int i = 0; i < parts; ++i) key += i == 0 ? "k" : ".k";
  return key;
}

std::string error_of_guard(const std::string& text) {
  try {
    check_nesting(text, "n.toml");
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "no error";
}

TEST(NestingGuard, AcceptsOrdinaryConfigs) {
  EXPECT_EQ(error_of_guard(testing::example_config), "no error");
  EXPECT_EQ(error_of_guard(testing::minimal_config), "no error");
}

TEST(NestingGuard, AllowsExactlyTheLimit) {
  EXPECT_EQ(error_of_guard("[" + dotted(max_nesting_depth) + "]\n"), "no error");
  EXPECT_EQ(error_of_guard(dotted(max_nesting_depth) + " = 1\n"), "no error");
}

TEST(NestingGuard, RejectsAHeaderOnePartTooDeep) {
  // Part 65 starts after "[" and 64 "k." pairs: column 2 + 128.
  EXPECT_EQ(error_of_guard("[" + dotted(max_nesting_depth + 1) + "]\n"),
            "n.toml:1:130: nesting deeper than 64 levels");
}

TEST(NestingGuard, CountsTheHeaderAndTheKeyTogether) {
  EXPECT_EQ(error_of_guard("[" + dotted(60) + "]\nx = 1\n" + dotted(4) + " = 1\n"), "no error");
  EXPECT_EQ(error_of_guard("[" + dotted(60) + "]\n" + dotted(5) + " = 1\n"),
            "n.toml:2:9: nesting deeper than 64 levels");
}

TEST(NestingGuard, CountsArraysAndInlineTables) {
  const std::string deep_array = "x = " + std::string(100, '[') + std::string(100, ']') + "\n";
  EXPECT_EQ(error_of_guard(deep_array), "n.toml:1:68: nesting deeper than 64 levels");
  std::string inline_tables = "x = ";
  for (int i = 0; i < 100; ++i) inline_tables += "{a = ";
  EXPECT_NE(error_of_guard(inline_tables).find("nesting deeper than 64 levels"), std::string::npos);
}

TEST(NestingGuard, IgnoresDotsAndBracketsInsideStringsAndComments) {
  const std::string many_dots(500, '.');
  const std::string many_brackets(500, '[');
  const std::string text = "\"" + many_dots + "\" = 1\n" +                  // one quoted key
                           "'" + many_dots + "' = 2\n" +                    // one literal key
                           "s = \"" + many_brackets + "\"\n" +              // a basic string
                           "l = '" + many_brackets + "'\n" +                // a literal string
                           "m = \"\"\"\n" + many_brackets + "\n\"\"\"\n" +  // multi-line
                           "n = '''\n" + many_brackets + "\n'''\n" + "# " + many_brackets + " " +
                           many_dots + "\n" + "f = [" + std::string("1.5, ") + "2.5, 3.5]\n" +
                           "e = \"esc \\\" [[[[\"\n";
  EXPECT_EQ(error_of_guard(text), "no error");
}

TEST(NestingGuard, ScansTheFirstLineAfterAByteOrderMark) {
  EXPECT_EQ(error_of_guard("\xEF\xBB\xBF" + dotted(max_nesting_depth + 1) + " = 1\n"),
            "n.toml:1:129: nesting deeper than 64 levels");
}

TEST(NestingGuard, CountsNonAsciiKeyParts) {
  std::string key;
  for (int i = 0; i <= max_nesting_depth; ++i) key += i == 0 ? "\xC3\xA9" : ".\xC3\xA9";
  EXPECT_EQ(error_of_guard("[" + key + "]\n"), "n.toml:1:130: nesting deeper than 64 levels");
}

TEST(NestingGuard, SurvivesGarbage) {
  for (const std::string& text :
       {std::string("\"\"\"unterminated [[[["), std::string("[[[[[[\n"), std::string("= = = {"),
        std::string("\xFF\xFE\x00\x01", 4), std::string("a.b.c"), std::string("x = {,,,}")}) {
    EXPECT_EQ(error_of_guard(text), "no error");
  }
}

}  // namespace
}  // namespace rb::config
