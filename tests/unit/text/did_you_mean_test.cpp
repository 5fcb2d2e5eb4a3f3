#include "text/did_you_mean.h"

#include <gtest/gtest.h>

namespace rb::text {
namespace {

const std::vector<std::string> run_keys = {"repetitions", "warmup", "rounds", "timeout", "cpus"};

TEST(EditDistance, CountsATranspositionAsOneTypo) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("abc", ""), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("libevent2", "libevnt2"), 1u);
  EXPECT_EQ(edit_distance("muduo", "mudou"), 1u);
  EXPECT_EQ(edit_distance("ab", "ba"), 1u);
}

TEST(Nearest, FindsTheClosestKey) {
  EXPECT_EQ(nearest("repetition", run_keys), "repetitions");
  EXPECT_EQ(nearest("warmpu", run_keys), "warmup");
  EXPECT_EQ(nearest("cpu", run_keys), "cpus");
  EXPECT_EQ(nearest("pipe", {"pipes", "active", "writes", "transport"}), "pipes");
}

TEST(Nearest, FindsTheClosestPluginName) {
  const std::vector<std::string> names = {"libevent2", "raw-epoll", "muduo"};
  EXPECT_EQ(nearest("libevnt2", names), "libevent2");
  EXPECT_EQ(nearest("mudou", names), "muduo");
  EXPECT_EQ(nearest("epoll", names), "raw-epoll");  // contained, though 4 edits away
}

TEST(Nearest, ReturnsEmptyWhenNothingIsClose) {
  EXPECT_EQ(nearest("zzzzzz", run_keys), "");
  EXPECT_EQ(nearest("zzzzzz", {"libevent2", "raw-epoll"}), "");
  EXPECT_EQ(nearest("anything", {}), "");
  EXPECT_EQ(nearest("anything", {""}), "");
}

TEST(Nearest, AllowsAtLeastTwoEditsAndAThirdOfTheWord) {
  // "abc": limit max(2, 1) = 2.
  EXPECT_EQ(nearest("abc", {"axy"}), "axy");  // distance 2
  EXPECT_EQ(nearest("abc", {"xyz"}), "");     // distance 3
  // 12 letters: limit 4.
  EXPECT_EQ(nearest("transportxyz", {"transport"}), "transport");   // distance 3
  EXPECT_EQ(nearest("transportwxyz", {"transport"}), "transport");  // 13 letters, limit 4
  EXPECT_EQ(nearest("transportvwxyz", {"transprt"}), "");           // distance 6 > 4
}

TEST(Nearest, PrefersTheFirstCandidateOnATie) {
  EXPECT_EQ(nearest("ab", {"abc", "abd"}), "abc");
  EXPECT_EQ(nearest("ab", {"abd", "abc"}), "abd");
}

}  // namespace
}  // namespace rb::text
