#include "model/duration.h"

#include <gtest/gtest.h>

namespace rb::config {
namespace {

using std::chrono::milliseconds;

std::optional<milliseconds> parse(std::string_view text) {
  std::string why;
  return parse_duration(text, why);
}

std::string why_not(std::string_view text) {
  std::string why;
  EXPECT_FALSE(parse_duration(text, why).has_value()) << text;
  return why;
}

TEST(Duration, ParsesEveryUnit) {
  EXPECT_EQ(parse("500ms"), milliseconds(500));
  EXPECT_EQ(parse("60s"), milliseconds(60'000));
  EXPECT_EQ(parse("2m"), milliseconds(120'000));
  EXPECT_EQ(parse("1h"), milliseconds(3'600'000));
  EXPECT_EQ(parse("0s"), milliseconds(0));  // the caller decides whether zero is allowed
}

TEST(Duration, RejectsOtherShapes) {
  for (const char* text : {"", "s", "60", "60 s", " 60s", "1.5s", "-5s", "+5s", "60sec", "60S",
                           "5d", "ms60", "6_0s"}) {
    EXPECT_NE(why_not(text).find("expected a whole number with a unit"), std::string::npos) << text;
  }
}

TEST(Duration, RejectsValuesPastTheMaximumWithoutOverflowing) {
  EXPECT_EQ(parse("168h"), max_duration);
  EXPECT_EQ(why_not("169h"), "must be at most 168h");
  EXPECT_EQ(why_not("604800001ms"), "must be at most 168h");
  EXPECT_EQ(why_not("99999999999999999999999999s"), "must be at most 168h");
}

}  // namespace
}  // namespace rb::config
