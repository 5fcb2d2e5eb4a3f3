#include "declared_options.h"

#include <array>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

namespace rbcommon {
namespace {

const std::array<rb_option_decl, 2> kTwoDecls = {
    declareOption(RB_OPTION_INT, "events", "1..64", "16", "events per poll"),
    declareOption(RB_OPTION_ENUM, "post", "one|batch", "one", "how items are posted", "notify"),
};

std::string refusal(const std::array<rb_option, 1>& options, const char* workload) {
  try {
    parseDeclaredOptions(kTwoDecls, workload, options.data(), 1);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "accepted";
}

TEST(DeclaredOptions, TheDefaultsStandWhenNothingIsGiven) {
  const auto values = parseDeclaredOptions(kTwoDecls, "notify", nullptr, 0);
  EXPECT_EQ(values[0].number, 16);
  EXPECT_FALSE(values[0].given);
  EXPECT_EQ(values[1].number, 0);
}

TEST(DeclaredOptions, AGivenValueIsParsedByItsType) {
  const std::array<rb_option, 2> options = {{{"post", "batch"}, {"events", "64"}}};
  const auto values = parseDeclaredOptions(kTwoDecls, "notify", options.data(), 2);
  EXPECT_EQ(values[0].number, 64);
  EXPECT_TRUE(values[0].given);
  EXPECT_EQ(values[1].number, 1);
}

TEST(DeclaredOptions, ARefusalNamesTheOption) {
  EXPECT_NE(refusal({{{"events", "65"}}}, "notify").find("'events'"), std::string::npos);
  EXPECT_NE(refusal({{{"post", "all"}}}, "notify").find("'post'"), std::string::npos);
  EXPECT_NE(refusal({{{"post", "one"}}}, "flower").find("'post'"), std::string::npos);
  EXPECT_NE(refusal({{{"poll", "1"}}}, "notify").find("known: events, post"), std::string::npos);
}

}  // namespace
}  // namespace rbcommon
