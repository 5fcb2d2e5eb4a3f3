#include "plugin/nearest_name.h"

#include <gtest/gtest.h>

namespace rb::plugin {
namespace {

TEST(NearestName, EditDistance) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("abc", ""), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("libevent2", "libevnt2"), 1u);
  EXPECT_EQ(edit_distance("muduo", "mudou"), 1u);  // a transposition is one typo
  EXPECT_EQ(edit_distance("ab", "ba"), 1u);
}

TEST(NearestName, SuggestsAPlausibleTypo) {
  const std::vector<std::string> names = {"libevent2", "raw-epoll", "muduo"};
  EXPECT_EQ(nearest_name("libevnt2", names), "libevent2");
  EXPECT_EQ(nearest_name("mudou", names), "muduo");
  EXPECT_EQ(nearest_name("epoll", names), "raw-epoll");
}

TEST(NearestName, SuggestsNothingFarAway) {
  EXPECT_EQ(nearest_name("zzzzzz", {"libevent2", "raw-epoll"}), std::nullopt);
  EXPECT_EQ(nearest_name("libevent2", {}), std::nullopt);
}

}  // namespace
}  // namespace rb::plugin
