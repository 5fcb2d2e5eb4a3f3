// Drives muduo.so and epoll_add_always.so through dlopen and the C ABI exactly as the host
// does a flower cell: fds once, prepare, then arm / write the first bytes / dispatch /
// counters per iteration.
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "reactorbench/plugin.h"

namespace {

using Counters = std::map<std::string, std::uint64_t>;

enum class Transport { kSocketpair, kPipe };

void PrintTo(Transport transport, std::ostream* os) {
  *os << (transport == Transport::kPipe ? "pipe" : "socketpair");
}

struct PluginUnderTest {
  const char* file;
  const char* name;
  bool addAlways;
};

const PluginUnderTest kMuduo{"muduo.so", "muduo-style", false};
const PluginUnderTest kAddAlways{"epoll_add_always.so", "epoll-add-always", true};

// Plugins are never unloaded during a run (the ABI's rule), so the handle is kept.
const rb_plugin* loadPlugin(const PluginUnderTest& plugin, std::uint32_t hostAbi) {
  const std::string path = std::string(RBMUDUO_PLUGIN_DIR) + "/" + plugin.file;
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    ADD_FAILURE() << "dlopen " << path << ": " << ::dlerror();
    return nullptr;
  }
  auto entry = reinterpret_cast<rb_entry_fn>(::dlsym(handle, RB_ENTRY_SYMBOL));
  if (entry == nullptr) {
    ADD_FAILURE() << path << " has no " << RB_ENTRY_SYMBOL;
    return nullptr;
  }
  return entry(hostAbi);
}

int neverStop(void*) {
  return 0;
}

// The fds and host services of one flower cell.
class FlowerHost {
 public:
  FlowerHost(std::uint32_t pipes, Transport transport) : readFds_(pipes), writeFds_(pipes) {
    for (std::uint32_t i = 0; i < pipes; ++i) {
      int fds[2];
      const int rc = transport == Transport::kSocketpair
                         ? ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, fds)
                         : ::pipe2(fds, O_NONBLOCK);
      EXPECT_EQ(rc, 0);
      readFds_[i] = fds[0];
      writeFds_[i] = fds[1];
    }
    host_.struct_size = sizeof host_;
    host_.abi_version = RB_ABI_VERSION;
    host_.stop_requested = &neverStop;
    params_.struct_size = sizeof params_;
    params_.pipes = pipes;
    params_.read_fds = readFds_.data();
    params_.write_fds = writeFds_.data();
  }
  ~FlowerHost() {
    for (std::size_t i = 0; i < readFds_.size(); ++i) {
      ::close(readFds_[i]);
      ::close(writeFds_[i]);
    }
  }

  int prepare(const rb_plugin* plugin, std::uint32_t active, std::uint32_t writes,
              const std::vector<rb_option>& options = {}) {
    params_.active = active;
    params_.writes = writes;
    return plugin->flower->prepare(&host_, &params_, options.data(),
                                   static_cast<std::uint32_t>(options.size()), &state_, err_,
                                   sizeof err_);
  }

  // arm, the first bytes, dispatch; returns dispatch's code.
  int armAndDispatch(const rb_plugin* plugin) {
    EXPECT_EQ(plugin->flower->arm(state_, err_, sizeof err_), RB_OK) << err_;
    const std::uint32_t space = params_.pipes / params_.active;
    for (std::uint32_t i = 0; i < params_.active; ++i) {
      EXPECT_EQ(::write(writeFds_[i * space], "m", 1), 1);
    }
    return plugin->flower->dispatch(state_, err_, sizeof err_);
  }

  // One iteration; returns its counters.
  Counters iterate(const rb_plugin* plugin) {
    EXPECT_EQ(armAndDispatch(plugin), RB_OK) << err_;
    Counters counters;
    rb_counter_sink sink{&counters, [](void* ctx, const char* name, std::uint64_t value) {
                           (*static_cast<Counters*>(ctx))[name] = value;
                         }};
    EXPECT_EQ(plugin->flower->counters(state_, &sink, err_, sizeof err_), RB_OK) << err_;
    return counters;
  }

  void release(const rb_plugin* plugin) {
    plugin->flower->release(state_);
    state_ = nullptr;
  }

  const char* error() const { return err_; }

 private:
  std::vector<int> readFds_;
  std::vector<int> writeFds_;
  rb_host host_{};
  rb_flower_params params_{};
  void* state_ = nullptr;
  char err_[256] = {};
};

TEST(FlowerPlugin, DescriptorsNameTheirPolicy) {
  for (const PluginUnderTest& expected : {kMuduo, kAddAlways}) {
    const rb_plugin* plugin = loadPlugin(expected, RB_ABI_VERSION);
    ASSERT_NE(plugin, nullptr);
    EXPECT_STREQ(plugin->name, expected.name);
    EXPECT_EQ(plugin->abi_version, RB_ABI_VERSION);
    EXPECT_GE(plugin->struct_size, sizeof(rb_plugin));
    EXPECT_STREQ(plugin->version, "1.0.0");
    EXPECT_STREQ(plugin->library, "reimplementation");
    const std::string libraryVersion = plugin->library_version();
    EXPECT_NE(libraryVersion.find(expected.addAlways ? "ADD-always" : "MOD"), std::string::npos)
        << libraryVersion;
    ASSERT_NE(plugin->flower, nullptr);
    EXPECT_GE(plugin->flower->struct_size, sizeof(rb_flower_ops));
  }
}

TEST(FlowerPlugin, RefusesAnotherAbiMajor) {
  EXPECT_EQ(loadPlugin(kMuduo, RB_MAKE_VERSION(RB_ABI_MAJOR + 1, 0)), nullptr);
  EXPECT_EQ(loadPlugin(kAddAlways, RB_MAKE_VERSION(RB_ABI_MAJOR + 1, 0)), nullptr);
  EXPECT_NE(loadPlugin(kMuduo, RB_MAKE_VERSION(RB_ABI_MAJOR, RB_ABI_MINOR + 1)), nullptr);
}

TEST(FlowerPlugin, RejectsUnknownOptionsAndMalformedValues) {
  const rb_plugin* plugin = loadPlugin(kMuduo, RB_ABI_VERSION);
  ASSERT_NE(plugin, nullptr);
  FlowerHost host(4, Transport::kSocketpair);
  EXPECT_EQ(host.prepare(plugin, 1, 0, {{"bogus", "1"}}), RB_ERR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(host.error()).find("bogus"), std::string::npos) << host.error();
  for (const char* bad : {"0", "-3", "12x", "", "99999999999"}) {
    EXPECT_EQ(host.prepare(plugin, 1, 0, {{"events_initial", bad}}), RB_ERR_INVALID_ARGUMENT)
        << bad;
    EXPECT_NE(std::string(host.error()).find("events_initial"), std::string::npos);
  }
}

TEST(FlowerPlugin, SmallInitialEventArrayStillDeliversEveryByte) {
  const rb_plugin* plugin = loadPlugin(kAddAlways, RB_ABI_VERSION);
  ASSERT_NE(plugin, nullptr);
  FlowerHost host(100, Transport::kSocketpair);
  ASSERT_EQ(host.prepare(plugin, 10, 100, {{"events_initial", "1"}}), RB_OK) << host.error();
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(host.iterate(plugin)["reads"], 110u);
  }
  host.release(plugin);
}

TEST(FlowerPlugin, IoRecvDeliversEveryByte) {
  const rb_plugin* plugin = loadPlugin(kMuduo, RB_ABI_VERSION);
  ASSERT_NE(plugin, nullptr);
  FlowerHost host(100, Transport::kSocketpair);
  ASSERT_EQ(host.prepare(plugin, 10, 100, {{"io", "recv"}}), RB_OK) << host.error();
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(host.iterate(plugin)["reads"], 110u);
  }
  host.release(plugin);
}

// recv on a pipe fails with ENOTSOCK where read succeeds: the one way to see from outside
// which call the read callback makes.
TEST(FlowerPlugin, IoRecvCallsRecv) {
  const rb_plugin* plugin = loadPlugin(kMuduo, RB_ABI_VERSION);
  ASSERT_NE(plugin, nullptr);
  FlowerHost host(10, Transport::kPipe);
  ASSERT_EQ(host.prepare(plugin, 1, 5, {{"io", "recv"}}), RB_OK) << host.error();
  EXPECT_NE(host.armAndDispatch(plugin), RB_OK);
  EXPECT_STREQ(host.error(),
               "flower: 1 failure(s) in this iteration, the first: recv from pipe 0: Socket "
               "operation on non-socket");
  host.release(plugin);
}

// (plugin, transport, pipes, active, writes)
using FlowerCase = std::tuple<bool, Transport, std::uint32_t, std::uint32_t, std::uint32_t>;

class FlowerSweep : public ::testing::TestWithParam<FlowerCase> {};

TEST_P(FlowerSweep, CountsAndEpollCtlCallsPerIteration) {
  const auto [addAlways, transport, pipes, active, writes] = GetParam();
  const rb_plugin* plugin = loadPlugin(addAlways ? kAddAlways : kMuduo, RB_ABI_VERSION);
  ASSERT_NE(plugin, nullptr);
  FlowerHost host(pipes, transport);
  ASSERT_EQ(host.prepare(plugin, active, writes), RB_OK) << host.error();
  for (int iteration = 0; iteration < 3; ++iteration) {
    SCOPED_TRACE("iteration " + std::to_string(iteration));
    Counters c = host.iterate(plugin);
    EXPECT_EQ(c["reads"], active + writes);
    EXPECT_EQ(c["writes"], writes);
    EXPECT_EQ(c["failures"], 0u);
    EXPECT_GE(c["loop_iterations"], 1u);
    EXPECT_EQ(c["epoll_ctl_del"], 0u);
    if (iteration == 0) {
      // Every channel is new: one ADD each, whatever the policy.
      EXPECT_EQ(c["epoll_ctl_add"], pipes);
      EXPECT_EQ(c["epoll_ctl_mod"], 0u);
      EXPECT_EQ(c["epoll_ctl_eexist"], 0u);
    } else if (addAlways) {
      EXPECT_EQ(c["epoll_ctl_add"], pipes);
      EXPECT_EQ(c["epoll_ctl_eexist"], pipes);
      EXPECT_EQ(c["epoll_ctl_mod"], 0u);
    } else {
      EXPECT_EQ(c["epoll_ctl_add"], 0u);
      EXPECT_EQ(c["epoll_ctl_mod"], pipes);
      EXPECT_EQ(c["epoll_ctl_eexist"], 0u);
    }
  }
  host.release(plugin);
}

std::string caseName(const ::testing::TestParamInfo<FlowerCase>& info) {
  const auto [addAlways, transport, pipes, active, writes] = info.param;
  return std::string(addAlways ? "AddAlways" : "Mod") +
         (transport == Transport::kPipe ? "_pipe" : "") + "_n" + std::to_string(pipes) + "_a" +
         std::to_string(active) + "_w" + std::to_string(writes);
}

std::vector<FlowerCase> sweep() {
  std::vector<FlowerCase> cases;
  for (bool addAlways : {false, true}) {
    for (std::uint32_t pipes : {10u, 100u, 1000u}) {
      for (std::uint32_t active : {1u, 10u, 100u}) {
        if (active > pipes) continue;  // the host spreads a <= n first bytes over n pipes
        for (std::uint32_t writes : {0u, 100u}) {
          cases.emplace_back(addAlways, Transport::kSocketpair, pipes, active, writes);
        }
      }
    }
    cases.emplace_back(addAlways, Transport::kPipe, 100u, 10u, 100u);
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Plugins, FlowerSweep, ::testing::ValuesIn(sweep()), caseName);

}  // namespace
