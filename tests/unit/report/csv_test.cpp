#include "report/csv.h"

#include <gtest/gtest.h>

namespace rb::report {
namespace {

TEST(Csv, PlainFieldsStayBare) {
  EXPECT_EQ(csv_field("libevent2"), "libevent2");
  EXPECT_EQ(csv_field("12.5"), "12.5");
  EXPECT_EQ(csv_field(""), "");
}

TEST(Csv, FieldsWithSeparatorsQuotesOrBreaksAreQuoted) {
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_field("cr\rhere"), "\"cr\rhere\"");
  EXPECT_EQ(csv_field(" padded"), "\" padded\"");
  EXPECT_EQ(csv_field("padded "), "\"padded \"");
}

TEST(Csv, RowJoinsWithCommasAndEndsTheLine) {
  EXPECT_EQ(csv_row({"a", "b,c", ""}), "a,\"b,c\",\n");
  EXPECT_EQ(csv_row({}), "\n");
}

}  // namespace
}  // namespace rb::report
