// The libev plugin's one option, backend=epoll|poll|select, means the same in every workload:
// each value works, anything else is refused naming the value and the known ones.
#include <gtest/gtest.h>

#include <array>
#include <regex>
#include <string>
#include <tuple>
#include <vector>

#include "built_plugins.h"
#include "flower_expectations.h"
#include "notify_driver.h"
#include "server_sockets.h"
#include "test_host.h"

namespace rb_test {
namespace {

const rb_plugin& Libev() {
  return LoadBuiltPlugin("libev");
}

const std::vector<std::string> kBackends = {"epoll", "poll", "select"};

// What prepare (or start) of one workload said.
struct Prepared {
  int code = RB_OK;
  std::string message;
};

std::vector<rb_option> AsOptions(const Options& options) {
  std::vector<rb_option> plugin_options;
  for (const auto& [key, value] : options) plugin_options.push_back({key.c_str(), value.c_str()});
  return plugin_options;
}

// Prepares a server or client table with options and releases what it made.
template <typename Ops, typename Params>
Prepared PrepareAndRelease(const Ops& ops, const Params& params, const Options& options) {
  const TestHost host;
  const std::vector<rb_option> plugin_options = AsOptions(options);
  std::array<char, 512> err{};
  void* state = nullptr;
  const int code =
      ops.prepare(host.services(), &params, plugin_options.data(),
                  static_cast<uint32_t>(plugin_options.size()), &state, err.data(), err.size());
  if (code == RB_OK) ops.release(state);
  return {code, err.data()};
}

// A server table's params on sockets, with 2 threads; the table's own fields left to fill.
template <typename Params>
Params ServerParams(const ServerSockets& sockets) {
  Params params{};
  params.struct_size = sizeof params;
  params.listen_fd = sockets.listen_fd();
  params.stop_fd = sockets.stop_fd();
  params.threads = 2;
  return params;
}

Prepared PreparePingpongServer(const Options& options) {
  const ServerSockets sockets;
  auto params = ServerParams<rb_pingpong_server_params>(sockets);
  params.block_size = 4096;
  return PrepareAndRelease(*Libev().pingpong_server, params, options);
}

Prepared PreparePingpongClient(const Options& options) {
  const ServerSockets sockets;
  rb_pingpong_client_params params{};
  params.struct_size = sizeof params;
  params.host = "127.0.0.1";
  params.port = sockets.port();
  params.sessions = 4;
  params.block_size = 4096;
  params.threads = 2;
  params.duration_ms = 100;
  params.stop_fd = sockets.stop_fd();
  params.verify_stride = 1;
  return PrepareAndRelease(*Libev().pingpong_client, params, options);
}

Prepared PrepareRrServer(const Options& options) {
  const ServerSockets sockets;
  auto params = ServerParams<rb_rr_server_params>(sockets);
  params.body_size = 2;
  return PrepareAndRelease(*Libev().rr_server, params, options);
}

Prepared PrepareFlower(const Options& options) {
  FlowerDriver driver(Libev(), {10, 1, 10, Transport::kSocketpair});
  const CallResult prepared = driver.Prepare(options);
  return {prepared.code, prepared.message};
}

Prepared StartNotify(const Options& options) {
  const NotifyOutcome outcome = StartAndRelease(*Libev().notify, options);
  return {outcome.start_rc, outcome.error};
}

using PrepareFn = Prepared (*)(const Options&);

const std::vector<std::pair<std::string, PrepareFn>> kWorkloads = {
    {"flower", PrepareFlower},
    {"notify", StartNotify},
    {"pingpong_server", PreparePingpongServer},
    {"pingpong_client", PreparePingpongClient},
    {"rr_server", PrepareRrServer},
};

TEST(LibevPlugin, NamesItselfAndTheLibraryVersionAtRunTime) {
  const rb_plugin& plugin = Libev();
  EXPECT_TRUE(NamesItselfAndItsLibrary(plugin, "libev", "libev"));
  const std::string version = plugin.library_version();
  EXPECT_TRUE(std::regex_match(version, std::regex("4\\.[0-9]+"))) << version;
  EXPECT_NE(std::string(plugin.description).find("backend"), std::string::npos);
  EXPECT_TRUE(OffersEveryWorkload(plugin));
}

class LibevBackendOption
    : public ::testing::TestWithParam<std::tuple<std::pair<std::string, PrepareFn>, std::string>> {
};

TEST_P(LibevBackendOption, EveryKnownBackendIsAccepted) {
  const auto& [workload, backend] = GetParam();
  const Prepared prepared = workload.second({{"backend", backend}});
  EXPECT_EQ(prepared.code, RB_OK) << prepared.message;
}

INSTANTIATE_TEST_SUITE_P(AllWorkloads, LibevBackendOption,
                         ::testing::Combine(::testing::ValuesIn(kWorkloads),
                                            ::testing::ValuesIn(kBackends)),
                         [](const auto& info) {
                           return std::get<0>(info.param).first + "_" + std::get<1>(info.param);
                         });

class LibevOptionRefusal : public ::testing::TestWithParam<std::pair<std::string, PrepareFn>> {};

TEST_P(LibevOptionRefusal, AnUnknownBackendIsNamedWithTheKnownOnes) {
  const Prepared prepared = GetParam().second({{"backend", "kqueue"}});
  EXPECT_EQ(prepared.code, RB_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(prepared.message,
            "option 'backend': unknown backend 'kqueue' (known: epoll, poll, select)");
}

TEST_P(LibevOptionRefusal, AnUnknownKeyIsNamedWithTheKnownOnes) {
  const Prepared prepared = GetParam().second({{"backends", "epoll"}});
  EXPECT_EQ(prepared.code, RB_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(prepared.message, "unknown option 'backends' (known: backend)");
}

TEST_P(LibevOptionRefusal, TheBackendIsCaseSensitive) {
  const Prepared prepared = GetParam().second({{"backend", "EPOLL"}});
  EXPECT_EQ(prepared.code, RB_ERR_INVALID_ARGUMENT);
  EXPECT_NE(prepared.message.find("'EPOLL'"), std::string::npos) << prepared.message;
}

INSTANTIATE_TEST_SUITE_P(AllWorkloads, LibevOptionRefusal, ::testing::ValuesIn(kWorkloads),
                         [](const auto& info) { return info.param.first; });

class LibevFlowerBackend : public ::testing::TestWithParam<std::tuple<std::string, Transport>> {};

TEST_P(LibevFlowerBackend, KeepsCountsExact) {
  const auto& [backend, transport] = GetParam();
  const FlowerShape shape{100, 10, 100, transport};
  FlowerDriver driver(Libev(), shape);
  EXPECT_TRUE(PreparesAndRunsExactly(driver, shape, {{"backend", backend}}, 3));
}

INSTANTIATE_TEST_SUITE_P(AllBackends, LibevFlowerBackend,
                         ::testing::Combine(::testing::ValuesIn(kBackends),
                                            ::testing::Values(Transport::kSocketpair,
                                                              Transport::kPipe)),
                         BackendAndTransportName);

// libev's select backend sizes its own fd bitmaps, so unlike libevent's it is not bound by
// FD_SETSIZE: 1000 socketpairs put read ends beyond fd 1024.
TEST(LibevFlower, SelectWatchesFdsBeyondFdSetSize) {
  const FlowerShape shape{1000, 10, 100, Transport::kSocketpair};
  FlowerDriver driver(Libev(), shape);
  ASSERT_GE(driver.ring().read_fds().back(), 1024);
  EXPECT_TRUE(PreparesAndRunsExactly(driver, shape, {{"backend", "select"}}, 2));
}

TEST(LibevFlower, CountsLoopIterationsOfTheLastDispatch) {
  const FlowerShape shape{10, 1, 20, Transport::kSocketpair};
  FlowerDriver driver(Libev(), shape);
  ASSERT_TRUE(PreparesAndRunsOnce(driver));
  // One potato: every loop iteration can read at most the one byte in flight.
  EXPECT_GE(driver.ReadCounters().at("loop_iterations"), 21u);
}

TEST(LibevNotify, EveryBackendHandsOverEveryItem) {
  for (const std::string& backend : kBackends) {
    NotifyRun run;
    run.items = 20'000;
    run.producers = 2;
    run.options = {{"backend", backend}};
    const NotifyOutcome outcome = RunNotify(*Libev().notify, run);
    ASSERT_EQ(outcome.finish_rc, RB_OK) << backend << ": " << outcome.error;
    EXPECT_EQ(outcome.count, run.items) << backend;
    EXPECT_EQ(outcome.sum, SumOneTo(run.items)) << backend;
    EXPECT_TRUE(outcome.counters.contains("wakeups")) << backend;
  }
}

}  // namespace
}  // namespace rb_test
