#include "report/number_format.h"

#include <limits>

#include <gtest/gtest.h>

namespace rb::report {
namespace {

TEST(FormatSignificant, RoundsToThreeSignificantDigitsWithoutExponent) {
  EXPECT_EQ(format_significant(12.345), "12.3");
  EXPECT_EQ(format_significant(0.012345), "0.0123");
  EXPECT_EQ(format_significant(12345.0), "12300");
  EXPECT_EQ(format_significant(123.0), "123");
  EXPECT_EQ(format_significant(1.0), "1.00");
  EXPECT_EQ(format_significant(-4.567), "-4.57");
  EXPECT_EQ(format_significant(0.0), "0");
}

TEST(FormatSignificant, CarriesIntoTheNextDecade) {
  EXPECT_EQ(format_significant(9.996), "10.0");
  EXPECT_EQ(format_significant(999.7), "1000");
}

TEST(FormatSignificant, HonoursOtherDigitCounts) {
  EXPECT_EQ(format_significant(3.14159, 5), "3.1416");
  EXPECT_EQ(format_significant(3.14159, 1), "3");
}

TEST(FormatSignificant, NonFiniteValuesHaveNames) {
  EXPECT_EQ(format_significant(std::numeric_limits<double>::quiet_NaN()), "nan");
  EXPECT_EQ(format_significant(std::numeric_limits<double>::infinity()), "inf");
}

TEST(FormatDuration, MinutesSecondsOrHours) {
  EXPECT_EQ(format_duration(41), "0:41");
  EXPECT_EQ(format_duration(725), "12:05");
  EXPECT_EQ(format_duration(3723), "1:02:03");
  EXPECT_EQ(format_duration(-5), "0:00");
}

}  // namespace
}  // namespace rb::report
