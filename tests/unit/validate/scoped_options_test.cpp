// `runner validate --option [WORKLOAD:]KEY=VALUE`: which checks an option reaches.
#include <gtest/gtest.h>

#include <stdexcept>

#include "validate/scoped_options.h"

namespace rb::validate {
namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

TEST(ScopedOptions, ParsesAnOptionWithAndWithoutAWorkload) {
  const auto scoped = parse_scoped_option("flower:backend=poll");
  EXPECT_EQ(scoped.workload, "flower");
  EXPECT_EQ(scoped.key, "backend");
  EXPECT_EQ(scoped.value, "poll");
  const auto everywhere = parse_scoped_option("backend=poll");
  EXPECT_EQ(everywhere.workload, "");
  EXPECT_EQ(everywhere.key, "backend");
  const auto odd_value = parse_scoped_option("notify:path=a:b=c");
  EXPECT_EQ(odd_value.workload, "notify");
  EXPECT_EQ(odd_value.key, "path");
  EXPECT_EQ(odd_value.value, "a:b=c");
  EXPECT_EQ(parse_scoped_option("pingpong_server:threads_hint=").value, "");
}

TEST(ScopedOptions, RefusesMalformedOptionsAndUnknownWorkloads) {
  for (const char* bad : {"novalue", "=x", "flower:=x", ":k=v"})
    EXPECT_THROW(parse_scoped_option(bad), std::invalid_argument) << bad;
  try {
    parse_scoped_option("flowr:backend=poll");
    ADD_FAILURE() << "a misspelt workload was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("unknown workload 'flowr'"), std::string::npos)
        << e.what();
  }
}

TEST(ScopedOptions, AnOptionReachesOnlyItsWorkload) {
  const std::vector<ScopedOption> options = {parse_scoped_option("flower:backend=poll"),
                                             parse_scoped_option("trace=1"),
                                             parse_scoped_option("notify:wakeup=eventfd")};
  EXPECT_EQ(options_for(options, "flower"), (Pairs{{"backend", "poll"}, {"trace", "1"}}));
  EXPECT_EQ(options_for(options, "notify"), (Pairs{{"trace", "1"}, {"wakeup", "eventfd"}}));
  EXPECT_EQ(options_for(options, "pingpong_client"), (Pairs{{"trace", "1"}}));
  EXPECT_TRUE(options_for({}, "flower").empty());
}

TEST(ScopedOptions, PingpongMeansBothRoles) {
  const std::vector<ScopedOption> options = {parse_scoped_option("pingpong:nodelay=1"),
                                             parse_scoped_option("pingpong_server:backlog=8")};
  EXPECT_EQ(options_for(options, "pingpong_server"), (Pairs{{"nodelay", "1"}, {"backlog", "8"}}));
  EXPECT_EQ(options_for(options, "pingpong_client"), (Pairs{{"nodelay", "1"}}));
  EXPECT_TRUE(options_for(options, "flower").empty());
}

}  // namespace
}  // namespace rb::validate
