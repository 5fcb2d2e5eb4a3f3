#include "plugin/plugin_session.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "plugin/loader.h"
#include "test_paths.h"
#include "workload/registry.h"

namespace rb::plugin {
namespace {

// A flower table that records every call it gets; each test says which calls fail.
struct FakePlugin {
  std::vector<std::string> calls;
  bool fail_prepare = false;
  bool fail_arm = false;
  int state = 7;
  int releases = 0;
};
FakePlugin* g_fake = nullptr;

int fake_prepare(const rb_host*, const rb_flower_params* params, const rb_option* options,
                 uint32_t option_count, void** state, char* err, size_t err_len) {
  std::string seen = "prepare pipes=" + std::to_string(params->pipes);
  for (uint32_t i = 0; i < option_count; ++i)
    seen += std::string(" ") + options[i].key + "=" + options[i].value;
  g_fake->calls.push_back(seen);
  if (g_fake->fail_prepare) {
    std::snprintf(err, err_len, "no such option");
    return RB_ERR_INVALID_ARGUMENT;
  }
  *state = &g_fake->state;
  return RB_OK;
}

int fake_arm(void* state, char* err, size_t err_len) {
  g_fake->calls.push_back(state == &g_fake->state ? "arm" : "arm on a wrong state");
  if (!g_fake->fail_arm) return RB_OK;
  std::snprintf(err, err_len, "arm broke");
  return RB_ERR_SYSTEM;
}

int fake_dispatch(void*, char*, size_t) {
  g_fake->calls.push_back("dispatch");
  return RB_OK;
}

int fake_counters(void*, const rb_counter_sink* sink, char*, size_t) {
  g_fake->calls.push_back("counters");
  sink->put(sink->ctx, "reads", 3);
  sink->put(sink->ctx, "writes", 2);
  return RB_OK;
}

void fake_release(void* state) {
  g_fake->calls.push_back(state == &g_fake->state ? "release" : "release of a wrong state");
  ++g_fake->releases;
}

const rb_flower_ops kFakeOps{sizeof(rb_flower_ops), fake_prepare,  fake_arm,
                             fake_dispatch,         fake_counters, fake_release};

const rb_host kHost{};
const rb_flower_params kParams{sizeof(rb_flower_params), 4, 1, 0, nullptr, nullptr};

// What the CellFailure thrown by body says, or "no failure".
template <typename Body>
std::string FailureOf(Body body) {
  try {
    body();
  } catch (const CellFailure& e) {
    return e.what();
  }
  return "no failure";
}

class PluginSessionTest : public ::testing::Test {
 protected:
  void SetUp() override { g_fake = &fake_; }
  void TearDown() override { g_fake = nullptr; }
  FakePlugin fake_;
};

TEST_F(PluginSessionTest, PassesParamsAndOptionsAndReleasesOnceAtTheEnd) {
  {
    PluginSession<rb_flower_ops> session(kFakeOps);
    session.prepare("prepare", kHost, kParams, {{"backend", "poll"}, {"x", "1"}});
    session.call("arm", &rb_flower_ops::arm);
    session.call("dispatch", &rb_flower_ops::dispatch);
  }
  EXPECT_EQ(fake_.calls, (std::vector<std::string>{"prepare pipes=4 backend=poll x=1", "arm",
                                                   "dispatch", "release"}));
}

TEST_F(PluginSessionTest, ReleasesOnceWhenTheBodyThrows) {
  try {
    PluginSession<rb_flower_ops> session(kFakeOps);
    session.prepare("prepare", kHost, kParams, {});
    throw std::runtime_error("the host's own failure");
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "the host's own failure");
  }
  EXPECT_EQ(fake_.releases, 1);
}

TEST_F(PluginSessionTest, AnExplicitReleaseIsTheOnlyOne) {
  {
    PluginSession<rb_flower_ops> session(kFakeOps);
    session.prepare("prepare", kHost, kParams, {});
    session.release();
    EXPECT_FALSE(session.prepared());
    session.release();
  }
  EXPECT_EQ(fake_.releases, 1);
}

TEST_F(PluginSessionTest, AFailedPrepareThrowsAndIsNeverReleased) {
  fake_.fail_prepare = true;
  EXPECT_EQ(FailureOf([] {
              PluginSession<rb_flower_ops> session(kFakeOps);
              session.prepare("client prepare", kHost, kParams, {});
            }),
            "client prepare failed (invalid argument): no such option");
  EXPECT_EQ(fake_.releases, 0);
}

TEST_F(PluginSessionTest, TryPrepareReportsTheCodeAndMessage) {
  fake_.fail_prepare = true;
  {
    PluginSession<rb_flower_ops> session(kFakeOps);
    const CallOutcome outcome = session.try_prepare("prepare", kHost, kParams, {});
    EXPECT_EQ(outcome.code, RB_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(outcome.message, "no such option");
    EXPECT_FALSE(session.prepared());
  }
  EXPECT_EQ(fake_.releases, 0);
}

TEST_F(PluginSessionTest, AFailingCallThrowsNamingItsPhase) {
  fake_.fail_arm = true;
  PluginSession<rb_flower_ops> session(kFakeOps);
  session.prepare("prepare", kHost, kParams, {});
  EXPECT_EQ(FailureOf([&] { session.call("arm", &rb_flower_ops::arm); }),
            "arm failed (system error): arm broke");
  EXPECT_TRUE(session.prepared());
}

TEST_F(PluginSessionTest, TryCallReportsTheCodeAndMessage) {
  fake_.fail_arm = true;
  PluginSession<rb_flower_ops> session(kFakeOps);
  session.prepare("prepare", kHost, kParams, {});
  const CallOutcome outcome = session.try_call("arm", &rb_flower_ops::arm);
  EXPECT_EQ(outcome.code, RB_ERR_SYSTEM);
  EXPECT_EQ(outcome.message, "arm broke");
}

TEST_F(PluginSessionTest, CollectsTheCounters) {
  PluginSession<rb_flower_ops> session(kFakeOps);
  session.prepare("prepare", kHost, kParams, {});
  EXPECT_EQ(session.counters(), (Counters{{"reads", 3}, {"writes", 2}}));
}

// Records the phases it runs, as the conformance checks' watchdog would guard them.
struct RecordingHook {
  std::vector<std::string>* phases;
  template <typename Fn>
  decltype(auto) operator()(const Phase& phase, Fn&& fn) const {
    phases->push_back(std::string(phase.name) +
                      (phase.overrun.empty() ? "" : " / " + std::string(phase.overrun)));
    return fn();
  }
};

TEST_F(PluginSessionTest, TheHookRunsEveryCallIncludingRelease) {
  std::vector<std::string> phases;
  {
    PluginSession<rb_flower_ops, RecordingHook> session(kFakeOps, RecordingHook{&phases});
    session.prepare("prepare", kHost, kParams, {});
    session.call("arm", &rb_flower_ops::arm);
    session.try_call({"dispatch", "dispatch did not stop"}, &rb_flower_ops::dispatch);
    session.counters();
  }
  EXPECT_EQ(phases, (std::vector<std::string>{"prepare", "arm", "dispatch / dispatch did not stop",
                                              "counters", "release"}));
  EXPECT_EQ(fake_.calls.size(), phases.size());
}

TEST_F(PluginSessionTest, TheHookRunsAFailedPrepareButNoRelease) {
  fake_.fail_prepare = true;
  std::vector<std::string> phases;
  {
    PluginSession<rb_flower_ops, RecordingHook> session(kFakeOps, RecordingHook{&phases});
    EXPECT_THROW(session.prepare("prepare", kHost, kParams, {}), CellFailure);
  }
  EXPECT_EQ(phases, (std::vector<std::string>{"prepare"}));
}

// A real plugin loaded from disk: one flower iteration through the session, exact counts.
TEST(PluginSessionOnALoadedPlugin, RunsAFlowerIteration) {
  const LoadedPlugin plugin = workload::load_plugin(test::bad_plugin("good.so"));
  ASSERT_TRUE(plugin.flower.has_value());
  std::vector<int> read_fds;
  std::vector<int> write_fds;
  for (int i = 0; i < 4; ++i) {
    int fds[2];
    ASSERT_EQ(::pipe2(fds, O_NONBLOCK | O_CLOEXEC), 0);
    read_fds.push_back(fds[0]);
    write_fds.push_back(fds[1]);
  }
  const rb_flower_params params{sizeof(rb_flower_params), 4, 1, 8, read_fds.data(),
                                write_fds.data()};
  {
    PluginSession<rb_flower_ops> session(*plugin.flower);
    session.prepare("prepare", kHost, params, {});
    session.call("arm", &rb_flower_ops::arm);
    ASSERT_EQ(::write(write_fds[0], "e", 1), 1);
    session.call("dispatch", &rb_flower_ops::dispatch);
    const Counters counters = session.counters();
    EXPECT_EQ(counters.at("reads"), 9u);
    EXPECT_EQ(counters.at("writes"), 8u);
  }
  for (const int fd : read_fds) ::close(fd);
  for (const int fd : write_fds) ::close(fd);
}

}  // namespace
}  // namespace rb::plugin
