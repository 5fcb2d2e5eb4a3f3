// rb-delay-wire's command line: the values it takes, and errors that name the argument.
#include "wire_options.h"

#include <gtest/gtest.h>

namespace delay_wire {
namespace {

std::string error_of(const std::vector<std::string>& args) {
  std::string error;
  EXPECT_FALSE(parse_wire_options(args, error).has_value());
  return error;
}

TEST(WireOptions, ReadsTheEndsAndTheDelay) {
  std::string error;
  const auto options = parse_wire_options(
      {"--delay-ms", "0.5", "--mtu", "9000", "s=10.78.0.1", "c=10.78.0.2", "--stats", "f"}, error);
  ASSERT_TRUE(options.has_value()) << error;
  EXPECT_EQ(options->delay, std::chrono::microseconds(500));
  EXPECT_EQ(options->mtu, 9000);
  EXPECT_EQ(options->stats_path, "f");
  EXPECT_EQ(options->a.netns, "s");
  EXPECT_EQ(options->a.address, "10.78.0.1");
  EXPECT_EQ(options->b.netns, "c");
  EXPECT_EQ(options->b.address, "10.78.0.2");
}

TEST(WireOptions, DefaultsToNoDelayAndALargeMtu) {
  std::string error;
  const auto options = parse_wire_options({"s=10.78.0.1", "c=10.78.0.2"}, error);
  ASSERT_TRUE(options.has_value()) << error;
  EXPECT_EQ(options->delay.count(), 0);
  EXPECT_EQ(options->mtu, 65000);
}

TEST(WireOptions, ErrorsNameTheArgument) {
  EXPECT_EQ(error_of({"--delay-ms", "-1", "s=10.78.0.1", "c=10.78.0.2"}),
            "--delay-ms '-1': expected milliseconds from 0 to 60000");
  EXPECT_EQ(error_of({"--mtu", "70000", "s=10.78.0.1", "c=10.78.0.2"}),
            "--mtu '70000': expected bytes from 68 to 65535");
  EXPECT_EQ(error_of({"s=10.78.0.1", "c=host"}), "'c=host': 'host' is not a numeric IPv4 address");
  EXPECT_EQ(error_of({"s10.78.0.1", "c=10.78.0.2"}),
            "'s10.78.0.1': expected NETNS=ADDRESS, e.g. server=10.78.0.1");
  EXPECT_EQ(error_of({"s=10.78.0.1"}),
            "expected two ends, NETNS_A=ADDRESS_A NETNS_B=ADDRESS_B; got 1");
  EXPECT_EQ(error_of({"s=10.78.0.1", "s=10.78.0.2"}),
            "the two ends need different namespaces and different addresses");
  EXPECT_EQ(error_of({"--speed", "1", "s=10.78.0.1", "c=10.78.0.2"}), "unknown option '--speed'");
  EXPECT_EQ(error_of({"s=10.78.0.1", "c=10.78.0.2", "--delay-ms"}), "--delay-ms needs a value");
}

}  // namespace
}  // namespace delay_wire
