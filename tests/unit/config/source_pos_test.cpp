#include <gtest/gtest.h>

#include "config/source_pos.h"

namespace rb::config {
namespace {

TEST(SourcePos, FormatsFileLineColumn) {
  EXPECT_EQ((SourcePos{"configs/flower.toml", 3, 7}.str()), "configs/flower.toml:3:7");
}

TEST(SourcePos, OmitsLineAndColumnWhenTheLineIsUnknown) {
  EXPECT_EQ((SourcePos{"missing.toml", 0, 0}.str()), "missing.toml");
}

TEST(ConfigError, WhatIsPositionThenMessage) {
  const ConfigError error({"a.toml", 12, 5}, "unknown key 'x' in [run]");
  EXPECT_STREQ(error.what(), "a.toml:12:5: unknown key 'x' in [run]");
  EXPECT_EQ(error.pos().line, 12);
  EXPECT_EQ(error.pos().col, 5);
  EXPECT_EQ(error.message(), "unknown key 'x' in [run]");
}

TEST(ConfigError, StaysOnOneLine) {
  const ConfigError error({"a.toml", 1, 1}, "first\nsecond\r\nthird");
  EXPECT_EQ(std::string(error.what()).find_first_of("\r\n"), std::string::npos);
  EXPECT_EQ(error.message().find('\n'), std::string::npos);
}

TEST(Printable, EscapesControlCharacters) {
  EXPECT_EQ(printable("a\nb\tc\x01"), "a\\nb\\tc\\x01");
  EXPECT_EQ(printable(std::string("nul\0here", 8)), "nul\\x00here");
}

TEST(Printable, KeepsValidUtf8AndEscapesInvalidBytes) {
  EXPECT_EQ(printable("caf\xC3\xA9"), "caf\xC3\xA9");
  EXPECT_EQ(printable("caf\xE9"), "caf\\xE9");
  EXPECT_EQ(printable("\xFF\xFE"), "\\xFF\\xFE");
  EXPECT_EQ(printable("\xC3"), "\\xC3");                    // truncated sequence
  EXPECT_EQ(printable("\xC0\xAF"), "\\xC0\\xAF");           // overlong '/'
  EXPECT_EQ(printable("\xED\xA0\x80"), "\\xED\\xA0\\x80");  // a UTF-16 surrogate
}

TEST(InQuotes, QuotesAndShortensLongText) {
  EXPECT_EQ(in_quotes("pipes"), "'pipes'");
  const std::string shown = in_quotes(std::string(5000, 'k'));
  EXPECT_LT(shown.size(), 200u);
  EXPECT_NE(shown.find("(5000 bytes)"), std::string::npos);
}

}  // namespace
}  // namespace rb::config
