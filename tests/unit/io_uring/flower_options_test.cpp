#include <gtest/gtest.h>
#include <sys/utsname.h>

#include <map>
#include <string>
#include <tuple>

#include "../../support/capability.h"
#include "built_plugins.h"
#include "flower_expectations.h"
#include "io_uring_plugin.h"

namespace rb_test {
namespace {

// 100 pipes, 10 bytes in flight, 100 passes: pipes receive bytes close together.
const FlowerShape kShape{100, 10, 100, Transport::kSocketpair};

TEST(IoUringPlugin, NamesLiburingAndTheKernel) {
  const rb_plugin* plugin = IoUringPlugin();
  if (plugin == nullptr) RB_SKIP_WITHOUT("io_uring") << IoUringUnavailable();
  EXPECT_TRUE(NamesItselfAndItsLibrary(*plugin, "io-uring", "liburing"));
  utsname names{};
  ASSERT_EQ(uname(&names), 0);
  const std::string version = plugin->library_version();
  EXPECT_EQ(version.rfind("2.", 0), 0u) << version;
  EXPECT_NE(version.find(names.release), std::string::npos) << version;
}

TEST(IoUringPlugin, DeclaresEveryOptionWithItsAllowedValues) {
  const rb_plugin* plugin = IoUringPlugin();
  if (plugin == nullptr) RB_SKIP_WITHOUT("io_uring") << IoUringUnavailable();
  std::map<std::string, std::string> allowed;
  for (uint32_t i = 0; i < plugin->option_count; ++i)
    allowed[plugin->options[i].name] =
        plugin->options[i].allowed == nullptr ? "" : plugin->options[i].allowed;
  EXPECT_EQ(allowed["mode"], "poll|read");
  EXPECT_EQ(allowed["batch"], "1..32768");
  EXPECT_EQ(allowed["sqpoll"], "off|on");
  EXPECT_EQ(allowed["fixed_files"], "off|on");
  EXPECT_EQ(allowed["multishot"], "on|off");
}

// (mode, multishot, sqpoll, fixed_files, batch)
using Combination = std::tuple<std::string, std::string, std::string, std::string, std::string>;

class IoUringFlower : public ::testing::TestWithParam<Combination> {
 protected:
  Options options() const {
    const auto& [mode, multishot, sqpoll, fixed_files, batch] = GetParam();
    Options options{
        {"mode", mode}, {"sqpoll", sqpoll}, {"fixed_files", fixed_files}, {"batch", batch}};
    if (mode == "poll") options.push_back({"multishot", multishot});
    return options;
  }
};

TEST_P(IoUringFlower, EveryIterationReadsActivePlusWritesAndCountsTheRing) {
  SKIP_WITHOUT_IO_URING();
  FlowerDriver driver(*IoUringPlugin(), kShape);
  ASSERT_TRUE(PreparesAndRunsExactly(driver, kShape, options(), 3));
  const Counters counters = driver.ReadCounters();
  for (const char* name : {"sqes_submitted", "cqes_reaped", "enter_calls", "empty_polls"})
    EXPECT_TRUE(counters.contains(name)) << "no counter " << name;
  // Every read came with a completion: the byte itself, or the readiness that led to it.
  EXPECT_GT(counters.at("cqes_reaped"), 0u);
  EXPECT_LE(counters.at("cqes_reaped"), counters.at("reads") + counters.at("empty_polls"));
}

std::string CombinationName(const ::testing::TestParamInfo<Combination>& info) {
  const auto& [mode, multishot, sqpoll, fixed_files, batch] = info.param;
  return mode + (mode == "poll" ? "_multishot_" + multishot : "") + "_sqpoll_" + sqpoll +
         "_fixed_" + fixed_files + "_batch" + batch;
}

INSTANTIATE_TEST_SUITE_P(Poll, IoUringFlower,
                         ::testing::Combine(::testing::Values("poll"),
                                            ::testing::Values("on", "off"),
                                            ::testing::Values("off", "on"),
                                            ::testing::Values("off", "on"),
                                            ::testing::Values("1", "4096")),
                         CombinationName);
INSTANTIATE_TEST_SUITE_P(Read, IoUringFlower,
                         ::testing::Combine(::testing::Values("read"), ::testing::Values("off"),
                                            ::testing::Values("off", "on"),
                                            ::testing::Values("off", "on"),
                                            ::testing::Values("1", "4096")),
                         CombinationName);

Counters SecondIteration(const Options& options) {
  FlowerDriver driver(*IoUringPlugin(), kShape);
  EXPECT_TRUE(PreparesAndRunsExactly(driver, kShape, options, 2));
  return driver.ReadCounters();
}

TEST(IoUringFlowerCounters, AMultishotPollIsSubmittedOnceForEveryIteration) {
  SKIP_WITHOUT_IO_URING();
  const Counters counters = SecondIteration({{"mode", "poll"}, {"multishot", "on"}});
  EXPECT_EQ(counters.at("sqes_submitted"), 0u);
  EXPECT_GE(counters.at("cqes_reaped"), 1u);
}

TEST(IoUringFlowerCounters, AOneShotPollOrAReadIsSubmittedAgainAfterEachCompletion) {
  SKIP_WITHOUT_IO_URING();
  for (const Options& options :
       {Options{{"mode", "poll"}, {"multishot", "off"}}, Options{{"mode", "read"}}}) {
    const Counters counters = SecondIteration(options);
    // Each completion's SQE went in again; the last ones of an iteration go with the next arm.
    EXPECT_GT(counters.at("sqes_submitted"), 0u) << options.front().second;
    EXPECT_LE(counters.at("sqes_submitted"), counters.at("cqes_reaped") + kShape.pipes);
  }
}

TEST(IoUringFlowerCounters, BatchOneEntersTheKernelForEverySqe) {
  SKIP_WITHOUT_IO_URING();
  const Counters counters = SecondIteration({{"mode", "read"}, {"batch", "1"}});
  EXPECT_GE(counters.at("enter_calls"), counters.at("sqes_submitted"));
}

TEST(IoUringFlowerCounters, ALargeBatchSubmitsWithTheWaits) {
  SKIP_WITHOUT_IO_URING();
  const Counters counters = SecondIteration({{"mode", "read"}, {"batch", "32768"}});
  // One enter per wait (loop_iterations) and arm's one submit, however many SQEs.
  EXPECT_LE(counters.at("enter_calls"), counters.at("loop_iterations") + 1);
  EXPECT_GT(counters.at("sqes_submitted"), counters.at("enter_calls"));
}

TEST(IoUringFlowerRefusals, MultishotReadIsUnsupportedAndNamed) {
  SKIP_WITHOUT_IO_URING();
  FlowerDriver driver(*IoUringPlugin(), kShape);
  EXPECT_TRUE(PrepareRefuses(driver, {{"mode", "read"}, {"multishot", "on"}}, RB_ERR_UNSUPPORTED,
                             "IORING_OP_READ_MULTISHOT"));
}

class IoUringBadValue : public ::testing::TestWithParam<std::pair<std::string, std::string>> {};

TEST_P(IoUringBadValue, IsRefusedByName) {
  const rb_plugin* plugin = IoUringPlugin();
  if (plugin == nullptr) RB_SKIP_WITHOUT("io_uring") << IoUringUnavailable();
  FlowerDriver driver(*plugin, kShape);
  const auto& [name, value] = GetParam();
  EXPECT_TRUE(PrepareRefuses(driver, {{name, value}}, RB_ERR_INVALID_ARGUMENT, name));
}

INSTANTIATE_TEST_SUITE_P(
    Values, IoUringBadValue,
    ::testing::Values(std::pair<std::string, std::string>{"mode", "epoll"},
                      std::pair<std::string, std::string>{"batch", "0"},
                      std::pair<std::string, std::string>{"batch", "32769"},
                      std::pair<std::string, std::string>{"sqpoll", "yes"},
                      std::pair<std::string, std::string>{"fixed_files", "maybe"},
                      std::pair<std::string, std::string>{"multishot", "2"}),
    [](const auto& info) { return info.param.first + "_" + std::to_string(info.index); });

}  // namespace
}  // namespace rb_test
