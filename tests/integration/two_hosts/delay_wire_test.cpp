// Issue 16, item 2 on a kernel without netem: rb-delay-wire joins the two namespaces with a
// TUN device in each and holds every packet for a fixed time in userspace. The server binds
// the wire's address (10.78.0.1), which the client reaches only through the wire, so a cell
// that ends ok crossed it. Skipped with the reason where namespaces or TUN devices cannot be
// made. What is checked of the delay is a lower bound only: the wire cannot deliver early.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <memory>

#include "../../support/capability.h"
#include "../pingpong/pingpong_test_support.h"
#include "delay_wire_process.h"
#include "netns_pair.h"
#include "two_hosts_config.h"

namespace {

using rbtest::DelayWireProcess;
using rbtest::NetnsPair;
using rbtest::ScratchDir;

// Two namespaces (the veth between them unused: the server binds the wire's address), or
// the test skipped with the reason none can be made here.
class DelayWire : public ::testing::Test {
 protected:
  void SetUp() override {
    SKIP_WITHOUT_NAMESPACES(hosts_);
    if (const std::string why = DelayWireProcess::unavailable_reason(); !why.empty())
      RB_SKIP_WITHOUT("tun") << why;
  }

  // `top` with `axes` between the namespaces through a wire of `delay_ms` each way.
  rbtest::RunOutput run_through_wire(const std::string& delay_ms, const std::string& top,
                                     const std::string& axes) {
    wire_ =
        std::make_unique<DelayWireProcess>(hosts_.server_ns(), hosts_.client_ns(), delay_ms, dir_);
    if (!wire_->error().empty()) return {-1, "", wire_->error()};
    return rbtest::run_config(
        dir_, rbtest::launched_config(top,
                                      rbtest::netns_launch(hosts_.server_ns(), hosts_.client_ns(),
                                                           DelayWireProcess::kServerAddress),
                                      axes));
  }

  NetnsPair hosts_;
  ScratchDir dir_;
  std::unique_ptr<DelayWireProcess> wire_;
};

TEST_F(DelayWire, PingpongVerifiesEveryByteThroughTheWire) {
  const auto run = run_through_wire("0", rbtest::kPingpong, rbtest::kPingpongAxes);
  ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
  const auto summary = rbtest::summary_of(dir_);
  for (const char* plugin : {"raw-epoll", "libevent2"}) {
    const auto& cell = rbtest::cell_with_plugin(summary, fmt::format("{0}/{0}", plugin));
    EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
    EXPECT_GT(cell.at("metrics").at("mib_per_s").at("median").get<double>(), 0);
  }
  // Stopped by SIGTERM, it exits 0 and says what it carried each way.
  EXPECT_EQ(wire_->stop(), 0) << wire_->stderr_text();
  EXPECT_GT(wire_->packets(hosts_.server_ns()), 0u) << wire_->stderr_text();
  EXPECT_GT(wire_->packets(hosts_.client_ns()), 0u) << wire_->stderr_text();
}

TEST_F(DelayWire, NoRequestIsAnsweredSoonerThanTwiceTheDelay) {
  const auto run = run_through_wire("20", rbtest::kRr,
                                    "connections = [2]\nload_percent = [0]\nbody_size = "
                                    "[2]\nthreads = [1]\nduration = [\"300ms\"]");
  ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
  const auto summary = rbtest::summary_of(dir_);
  for (const char* plugin : {"raw-epoll", "muduo"}) {
    const auto& cell = rbtest::cell_of(summary, plugin);
    ASSERT_EQ(cell.at("status"), "ok") << cell.dump();
    // A request crosses once each way: 2 x 20 ms at least, for the fastest one too (a
    // percentile is its bucket's highest value, never below the latency).
    EXPECT_GE(cell.at("metrics").at("p50_us").at("median").get<double>(), 40'000) << cell.dump();
  }
  for (const auto& line : rbtest::read_sample_lines(dir_.path() / "out" / "samples.jsonl")) {
    const auto sample = nlohmann::json::parse(line);
    EXPECT_GE(sample.at("metrics").at("p50_us").get<double>(), 40'000) << line;
    EXPECT_GE(sample.at("metrics").at("mean_us").get<double>(), 40'000) << line;
  }
}

TEST(DelayWireErrors, ANamespaceThatIsNotThereIsNamed) {
  if (const std::string why = DelayWireProcess::unavailable_reason(); !why.empty())
    RB_SKIP_WITHOUT("tun") << why;
  ScratchDir dir;
  DelayWireProcess wire("rb-no-such-ns-16", "rb-no-such-ns-17", "0", dir);
  EXPECT_NE(wire.error().find("exited with 1"), std::string::npos) << wire.error();
  EXPECT_NE(wire.error().find("network namespace 'rb-no-such-ns-16', device rbwire0: open "
                              "/run/netns/rb-no-such-ns-16: No such file or directory"),
            std::string::npos)
      << wire.error();
}

}  // namespace
