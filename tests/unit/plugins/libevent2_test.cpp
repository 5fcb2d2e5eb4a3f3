#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "built_plugins.h"
#include "flower_expectations.h"

namespace rb_test {
namespace {

// The DT_NEEDED entries of a shared object, as `readelf -d` lists them.
std::vector<std::string> NeededLibraries(const std::string& path) {
  const std::string command = "readelf -d --wide '" + path + "'";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) {
    ADD_FAILURE() << "cannot run " << command;
    return {};
  }
  const std::regex needed(R"(\(NEEDED\)\s+Shared library: \[([^\]]+)\])");
  std::vector<std::string> libraries;
  char line[512];
  while (fgets(line, sizeof line, pipe.get()) != nullptr) {
    std::cmatch match;
    if (std::regex_search(line, match, needed)) {
      libraries.push_back(match[1].str());
    }
  }
  return libraries;
}

bool AnyStartsWith(const std::vector<std::string>& names, const std::string& prefix) {
  for (const std::string& name : names) {
    if (name.rfind(prefix, 0) == 0) {
      return true;
    }
  }
  return false;
}

const rb_plugin& Libevent2() {
  return LoadBuiltPlugin("libevent2");
}

TEST(Libevent2, NamesItselfAndTheLibrary) {
  const rb_plugin& plugin = Libevent2();
  EXPECT_TRUE(NamesItselfAndItsLibrary(plugin, "libevent2", "libevent"));
  EXPECT_EQ(std::string(plugin.library_version()).rfind("2.", 0), 0u) << plugin.library_version();
  EXPECT_NE(std::string(plugin.description).find("backend"), std::string::npos);
}

// One copy of libevent in the process: core (the loop) and extra (evhttp), never the
// all-in-one libevent-2.1 that repeats both, nor a library the plugin does not call.
TEST(Libevent2, LinksLibeventCoreAndExtraOnly) {
  const std::vector<std::string> needed = NeededLibraries(PluginPath("libevent2"));
  ASSERT_FALSE(needed.empty()) << "readelf listed no NEEDED entries";
  std::vector<std::string> libevent;
  for (const std::string& name : needed) {
    if (name.rfind("libevent", 0) == 0) {
      libevent.push_back(name);
    }
  }
  EXPECT_EQ(libevent.size(), 2u) << ::testing::PrintToString(needed);
  EXPECT_TRUE(AnyStartsWith(libevent, "libevent_core-")) << ::testing::PrintToString(needed);
  EXPECT_TRUE(AnyStartsWith(libevent, "libevent_extra-")) << ::testing::PrintToString(needed);
  EXPECT_FALSE(AnyStartsWith(libevent, "libevent-")) << ::testing::PrintToString(needed);
}

class Libevent2Backend : public ::testing::TestWithParam<std::tuple<std::string, Transport>> {};

TEST_P(Libevent2Backend, KeepsCountsExact) {
  const auto& [backend, transport] = GetParam();
  const FlowerShape shape{100, 10, 100, transport};
  FlowerDriver driver(Libevent2(), shape);
  EXPECT_TRUE(PreparesAndRunsExactly(driver, shape, {{"backend", backend}}, 3));
}

INSTANTIATE_TEST_SUITE_P(AllBackends, Libevent2Backend,
                         ::testing::Combine(::testing::Values("epoll", "poll", "select"),
                                            ::testing::Values(Transport::kSocketpair,
                                                              Transport::kPipe)),
                         BackendAndTransportName);

TEST(Libevent2, ChangelistKeepsCountsExact) {
  const FlowerShape shape{1000, 100, 100, Transport::kSocketpair};
  FlowerDriver driver(Libevent2(), shape);
  EXPECT_TRUE(
      PreparesAndRunsExactly(driver, shape, {{"backend", "epoll"}, {"changelist", "on"}}, 3));
}

TEST(Libevent2, IoRecvKeepsCountsExact) {
  const FlowerShape shape{1000, 100, 100, Transport::kSocketpair};
  FlowerDriver driver(Libevent2(), shape);
  EXPECT_TRUE(PreparesAndRunsExactly(driver, shape, {{"io", "recv"}}, 3));
}

// recv on a pipe fails with ENOTSOCK where read succeeds: the one way to see from outside
// which call the read callback makes.
TEST(Libevent2, IoRecvCallsRecvAndReadCallsRead) {
  const FlowerShape shape{10, 1, 5, Transport::kPipe};
  FlowerDriver with_read(Libevent2(), shape);
  EXPECT_TRUE(PreparesAndRunsExactly(with_read, shape, {{"io", "read"}}, 1));
  FlowerDriver with_recv(Libevent2(), shape);
  ASSERT_TRUE(with_recv.Prepare({{"io", "recv"}}).ok());
  const CallResult result = with_recv.RunIteration();
  EXPECT_EQ(result.code, RB_ERR_SYSTEM);
  EXPECT_EQ(result.message, "dispatch: recv on pipe 0: Socket operation on non-socket");
}

TEST(Libevent2, RejectsAnUnknownIo) {
  FlowerDriver driver(Libevent2(), {10, 1, 0, Transport::kSocketpair});
  EXPECT_TRUE(PrepareRefuses(driver, {{"io", "readv"}}, RB_ERR_INVALID_ARGUMENT, "readv"));
}

TEST(Libevent2, CountsLoopCallsOfTheLastDispatch) {
  const FlowerShape shape{10, 1, 20, Transport::kSocketpair};
  FlowerDriver driver(Libevent2(), shape);
  ASSERT_TRUE(PreparesAndRunsOnce(driver));
  // One potato: every loop call can read at most the one byte in flight.
  EXPECT_GE(driver.ReadCounters().at("loop_iterations"), 21u);
}

TEST(Libevent2, RejectsAnUnknownBackend) {
  FlowerDriver driver(Libevent2(), {10, 1, 0, Transport::kSocketpair});
  EXPECT_TRUE(PrepareRefuses(driver, {{"backend", "bogus"}}, RB_ERR_INVALID_ARGUMENT, "bogus"));
}

TEST(Libevent2, RejectsChangelistOutsideEpoll) {
  FlowerDriver driver(Libevent2(), {10, 1, 0, Transport::kSocketpair});
  EXPECT_TRUE(PrepareRefuses(driver, {{"backend", "poll"}, {"changelist", "on"}},
                             RB_ERR_INVALID_ARGUMENT, "changelist"));
}

TEST(Libevent2, RejectsAMalformedChangelist) {
  FlowerDriver driver(Libevent2(), {10, 1, 0, Transport::kSocketpair});
  EXPECT_TRUE(PrepareRefuses(driver, {{"changelist", "maybe"}}, RB_ERR_INVALID_ARGUMENT, "maybe"));
}

TEST(Libevent2, RejectsMoreActiveThanPipes) {
  FlowerDriver driver(Libevent2(), {2, 3, 0, Transport::kSocketpair});
  EXPECT_TRUE(PrepareRefuses(driver, {}, RB_ERR_INVALID_ARGUMENT, "active"));
}

TEST(Libevent2, RefusesSelectBeyondFdSetSize) {
  // 1000 socketpairs are 2000 fds, so some read ends lie beyond select's FD_SETSIZE of 1024.
  FlowerDriver driver(Libevent2(), {1000, 10, 0, Transport::kSocketpair});
  EXPECT_TRUE(PrepareRefuses(driver, {{"backend", "select"}}, RB_ERR_UNSUPPORTED, "FD_SETSIZE"));
}

}  // namespace
}  // namespace rb_test
