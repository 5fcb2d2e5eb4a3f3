// Issue 16, item 2 on a kernel without netem: rb-delay-wire joins the two namespaces with a
// TUN device in each and holds every packet for a fixed time in userspace. The server binds
// the wire's address (10.78.0.1), which the client reaches only through the wire, so a cell
// that ends ok crossed it. Skipped with the reason where namespaces or TUN devices cannot be
// made. What is checked of the delay is a lower bound only: the wire cannot deliver early.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "../pingpong/pingpong_test_support.h"
#include "delay_wire_process.h"
#include "netns_pair.h"
#include "two_hosts_config.h"

namespace {

using rbtest::DelayWireProcess;
using rbtest::NetnsPair;
using rbtest::ScratchDir;

#define SKIP_WITHOUT_TUN()                                                          \
  if (const std::string why = DelayWireProcess::unavailable_reason(); !why.empty()) \
  GTEST_SKIP() << why

std::string through_the_wire(const NetnsPair& hosts) {
  return rbtest::netns_launch(hosts.server_ns(), hosts.client_ns(),
                              DelayWireProcess::kServerAddress);
}

TEST(DelayWire, PingpongVerifiesEveryByteThroughTheWire) {
  NetnsPair hosts;
  SKIP_WITHOUT_NAMESPACES(hosts);
  SKIP_WITHOUT_TUN();
  ScratchDir dir;
  DelayWireProcess wire(hosts.server_ns(), hosts.client_ns(), "0", dir);
  ASSERT_EQ(wire.error(), "");
  const auto run = rbtest::run_config(
      dir,
      rbtest::launched_config(rbtest::kPingpong, through_the_wire(hosts), rbtest::kPingpongAxes));
  ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
  const auto summary = rbtest::summary_of(dir);
  for (const char* plugin : {"raw-epoll", "libevent2"}) {
    const auto& cell = rbtest::cell_with_plugin(summary, fmt::format("{0}/{0}", plugin));
    EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
    EXPECT_GT(cell.at("metrics").at("mib_per_s").at("median").get<double>(), 0);
  }
  // Stopped by SIGTERM, it exits 0 and says what it carried each way.
  EXPECT_EQ(wire.stop(), 0) << wire.stderr_text();
  EXPECT_GT(wire.packets(hosts.server_ns()), 0u) << wire.stderr_text();
  EXPECT_GT(wire.packets(hosts.client_ns()), 0u) << wire.stderr_text();
}

TEST(DelayWire, NoRequestIsAnsweredSoonerThanTwiceTheDelay) {
  NetnsPair hosts;
  SKIP_WITHOUT_NAMESPACES(hosts);
  SKIP_WITHOUT_TUN();
  ScratchDir dir;
  DelayWireProcess wire(hosts.server_ns(), hosts.client_ns(), "20", dir);
  ASSERT_EQ(wire.error(), "");
  const auto run = rbtest::run_config(
      dir, rbtest::launched_config(rbtest::kRr, through_the_wire(hosts),
                                   "connections = [2]\nload_percent = [0]\nbody_size = "
                                   "[2]\nthreads = [1]\nduration = [\"300ms\"]"));
  ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
  const auto summary = rbtest::summary_of(dir);
  for (const char* plugin : {"raw-epoll", "muduo"}) {
    const auto& cell = rbtest::cell_of(summary, plugin);
    ASSERT_EQ(cell.at("status"), "ok") << cell.dump();
    // A request crosses once each way: 2 x 20 ms at least, for the fastest one too (a
    // percentile is its bucket's highest value, never below the latency).
    EXPECT_GE(cell.at("metrics").at("p50_us").at("median").get<double>(), 40'000) << cell.dump();
  }
  for (const auto& line : rbtest::read_sample_lines(dir.path() / "out" / "samples.jsonl")) {
    const auto sample = nlohmann::json::parse(line);
    EXPECT_GE(sample.at("metrics").at("p50_us").get<double>(), 40'000) << line;
  }
}

TEST(DelayWire, ANamespaceThatIsNotThereIsNamed) {
  SKIP_WITHOUT_TUN();
  ScratchDir dir;
  DelayWireProcess wire("rb-no-such-ns-16", "rb-no-such-ns-17", "0", dir);
  EXPECT_NE(wire.error().find("exited with 1"), std::string::npos) << wire.error();
  EXPECT_NE(wire.error().find("network namespace 'rb-no-such-ns-16', device rbwire0: open "
                              "/run/netns/rb-no-such-ns-16: No such file or directory"),
            std::string::npos)
      << wire.error();
}

}  // namespace
