#include "config/nearest.h"

#include <gtest/gtest.h>

namespace rb::config {
namespace {

const std::vector<std::string> run_keys = {"repetitions", "warmup", "rounds", "timeout", "cpus"};

TEST(Nearest, FindsTheClosestKey) {
  EXPECT_EQ(nearest("repetition", run_keys), "repetitions");
  EXPECT_EQ(nearest("warmpu", run_keys), "warmup");
  EXPECT_EQ(nearest("cpu", run_keys), "cpus");
  EXPECT_EQ(nearest("pipe", {"pipes", "active", "writes", "transport"}), "pipes");
}

TEST(Nearest, ReturnsEmptyWhenNothingIsClose) {
  EXPECT_EQ(nearest("zzzzzz", run_keys), "");
  EXPECT_EQ(nearest("anything", {}), "");
}

TEST(Nearest, AllowsAtLeastTwoEditsAndAThirdOfTheWord) {
  // "abc": limit max(2, 1) = 2.
  EXPECT_EQ(nearest("abc", {"axy"}), "axy");  // distance 2
  EXPECT_EQ(nearest("abc", {"xyz"}), "");     // distance 3
  // 12 letters: limit 4.
  EXPECT_EQ(nearest("transportxyz", {"transport"}), "transport");   // distance 3
  EXPECT_EQ(nearest("transportwxyz", {"transport"}), "transport");  // 13 letters, limit 4
  EXPECT_EQ(nearest("transportvwxyz", {"transport"}), "");          // distance 5 > 4
}

TEST(Nearest, PrefersTheFirstCandidateOnATie) {
  EXPECT_EQ(nearest("ab", {"abc", "abd"}), "abc");
  EXPECT_EQ(nearest("ab", {"abd", "abc"}), "abd");
}

TEST(Suggestion, SaysDidYouMeanOrListsTheChoices) {
  EXPECT_EQ(suggestion("warmpu", run_keys), "; did you mean 'warmup'?");
  EXPECT_EQ(suggestion("zzzzzz", {"a", "b"}), "; expected one of: a, b");
  EXPECT_EQ(suggestion("zzzzzz", {}), "");
}

TEST(Join, SeparatesWithCommas) {
  EXPECT_EQ(join({"a", "b", "c"}), "a, b, c");
  EXPECT_EQ(join({}), "");
  EXPECT_EQ(join({"x", "y"}, "|"), "x|y");
}

}  // namespace
}  // namespace rb::config
