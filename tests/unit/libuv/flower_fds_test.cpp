#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>
#include <uv.h>

#include <chrono>
#include <string>

#include "built_plugins.h"
#include "fd_ring.h"
#include "loopback.h"
#include "test_host.h"

namespace rb_test {
namespace {

const rb_plugin& Libuv() {
  return LoadBuiltPlugin("libuv");
}

TEST(LibuvPlugin, ReportsTheLibuvThisProcessRuns) {
  const rb_plugin& plugin = Libuv();
  EXPECT_TRUE(NamesItselfAndItsLibrary(plugin, "libuv", "libuv"));
  EXPECT_STREQ(plugin.library_version(), uv_version_string());
  EXPECT_TRUE(OffersEveryWorkload(plugin));
}

// Runs the flower table by hand, so the ring can outlive release.
class FlowerRun {
 public:
  FlowerRun(const FdRing& ring, uint32_t active, uint32_t writes)
      : ops_(*Libuv().flower), ring_(ring), active_(active), writes_(writes) {}
  ~FlowerRun() { Release(); }

  int Prepare(const std::vector<rb_option>& options = {}) {
    rb_flower_params params{};
    params.struct_size = sizeof params;
    params.pipes = static_cast<uint32_t>(ring_.read_fds().size());
    params.active = active_;
    params.writes = writes_;
    params.read_fds = ring_.read_fds().data();
    params.write_fds = ring_.write_fds().data();
    const int rc = ops_.prepare(host_.services(), &params, options.data(),
                                static_cast<uint32_t>(options.size()), &state_, err_, sizeof err_);
    if (rc != RB_OK) state_ = nullptr;
    return rc;
  }

  // arm, the host's priming bytes, dispatch; then the iteration's counters.
  Counters Iterate() {
    EXPECT_EQ(ops_.arm(state_, err_, sizeof err_), RB_OK) << err_;
    const uint32_t spacing = static_cast<uint32_t>(ring_.write_fds().size()) / active_;
    for (uint32_t i = 0; i < active_; ++i)
      EXPECT_EQ(write(ring_.write_fds()[i * spacing], "e", 1), 1);
    host_.SetDeadlineFromNow(std::chrono::seconds(20));
    EXPECT_EQ(ops_.dispatch(state_, err_, sizeof err_), RB_OK) << err_;
    return CollectCounters(ops_.counters, state_);
  }

  void Release() {
    if (state_ != nullptr) ops_.release(state_);
    state_ = nullptr;
  }

  const char* message() const { return err_; }

 private:
  const rb_flower_ops& ops_;
  const FdRing& ring_;
  uint32_t active_;
  uint32_t writes_;
  TestHost host_;
  void* state_ = nullptr;
  char err_[512] = {0};
};

class LibuvFlowerFds : public ::testing::TestWithParam<Transport> {};

TEST_P(LibuvFlowerFds, StayOpenAndUnwatchedAfterRelease) {
  const FdRing ring(20, GetParam());
  {
    FlowerRun run(ring, 5, 50);
    ASSERT_EQ(run.Prepare(), RB_OK) << run.message();
    for (int i = 0; i < 2; ++i) {
      const Counters counters = run.Iterate();
      EXPECT_EQ(counters.at("reads"), 55u);
      EXPECT_EQ(counters.at("writes"), 50u);
    }
  }
  for (size_t i = 0; i < ring.read_fds().size(); ++i) {
    for (const int fd : {ring.read_fds()[i], ring.write_fds()[i]}) {
      ASSERT_TRUE(IsOpen(fd)) << "fd " << fd << " of pipe " << i << " was closed";
      EXPECT_TRUE(fcntl(fd, F_GETFL) & O_NONBLOCK) << "fd " << fd << " lost O_NONBLOCK";
    }
  }
  // Still a working pipe, and nothing of the plugin's reads from it any more.
  ASSERT_EQ(write(ring.write_fds()[3], "x", 1), 1);
  char byte = 0;
  EXPECT_EQ(read(ring.read_fds()[3], &byte, 1), 1);
  EXPECT_EQ(byte, 'x');
  EXPECT_EQ(ring.DrainLeftovers(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Transports, LibuvFlowerFds,
                         ::testing::Values(Transport::kSocketpair, Transport::kPipe),
                         [](const auto& info) { return TransportName(info.param); });

TEST(LibuvFlower, ReadsEveryPrimedByteInOneLoopTurn) {
  const FdRing ring(100, Transport::kSocketpair);
  FlowerRun run(ring, 100, 0);
  ASSERT_EQ(run.Prepare(), RB_OK) << run.message();
  // All 100 bytes wait before dispatch: one uv_run(UV_RUN_ONCE) polls them all.
  const Counters counters = run.Iterate();
  EXPECT_EQ(counters.at("reads"), 100u);
  EXPECT_EQ(counters.at("loop_iterations"), 1u);
}

TEST(LibuvFlower, SaysItTakesNoOptionsWhenRefusingOne) {
  const FdRing ring(2, Transport::kPipe);
  FlowerRun run(ring, 1, 0);
  EXPECT_EQ(run.Prepare({{"read_size", "4096"}}), RB_ERR_INVALID_ARGUMENT);
  const std::string message = run.message();
  EXPECT_NE(message.find("'read_size'"), std::string::npos) << message;
  EXPECT_NE(message.find("known: none"), std::string::npos) << message;
}

}  // namespace
}  // namespace rb_test
