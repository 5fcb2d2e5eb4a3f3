#include "config/suggestion.h"

#include <gtest/gtest.h>

namespace rb::config {
namespace {

const std::vector<std::string> run_keys = {"repetitions", "warmup", "rounds", "timeout", "cpus"};

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
