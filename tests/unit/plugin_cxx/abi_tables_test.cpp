#include "abi_tables.h"

#include <array>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "declared_options.h"
#include "plugin_descriptor.h"

namespace rbcommon {
namespace {

// A workload object that records what the entry points asked of it.
struct Recorder {
  static inline int alive = 0;
  static inline int lastConsumerCpu = 0;
  int arms = 0;
  int dispatches = 0;
  std::uint64_t posted = 0;

  Recorder() { ++alive; }
  ~Recorder() { --alive; }
  void arm() { ++arms; }
  void dispatch() { throw std::runtime_error("lost a byte"); }
  void post(std::uint64_t value) { posted += value; }
  rb_notify_result finish() { return notifyResult(2, posted); }
  void reportCounters(const rb_counter_sink& sink) const { sink.put(sink.ctx, "arms", arms); }
};

// One option, for the notify workload only.
const std::array<rb_option_decl, 1> kOneDecl = {
    declareOption(RB_OPTION_INT, "depth", "1..9", "3", "how deep", "notify")};

struct Settings {
  long long depth = 0;
};

Settings settingsFrom(const std::array<rb_option_value, 1>& values) {
  return {values[0].number};
}

using Ops = PluginOps<DeclaredOptions<kOneDecl, &settingsFrom>>;

std::unique_ptr<Recorder> makeFlower(const rb_host*, const rb_flower_params&, const Settings&) {
  return std::make_unique<Recorder>();
}

long long lastDepth = 0;

std::unique_ptr<Recorder> makeNotify(const rb_host*, int consumerCpu, const Settings& settings) {
  Recorder::lastConsumerCpu = consumerCpu;
  lastDepth = settings.depth;
  return std::make_unique<Recorder>();
}

constexpr const rb_flower_ops& kFlower = Ops::flower<&makeFlower>;
constexpr const rb_notify_ops& kNotify = Ops::notify<&makeNotify>;

rb_flower_params flowerParams() {
  static const int fds[1] = {-1};
  return rb_flower_params{sizeof(rb_flower_params), 1, 1, 0, fds, fds};
}

TEST(AbiTables, PrepareMakesTheObjectAndTheCallsReachIt) {
  const rb_flower_params params = flowerParams();
  void* state = nullptr;
  char err[128] = "";
  ASSERT_EQ(kFlower.prepare(nullptr, &params, nullptr, 0, &state, err, sizeof err), RB_OK);
  ASSERT_EQ(Recorder::alive, 1);
  EXPECT_EQ(kFlower.arm(state, err, sizeof err), RB_OK);
  EXPECT_EQ(static_cast<Recorder*>(state)->arms, 1);
  EXPECT_EQ(kFlower.dispatch(state, err, sizeof err), RB_ERR_INTERNAL);
  EXPECT_STREQ(err, "lost a byte");
  kFlower.release(state);
  EXPECT_EQ(Recorder::alive, 0);
}

TEST(AbiTables, PrepareRefusesBadArgumentsAndLeavesNoState) {
  rb_flower_params params = flowerParams();
  void* state = &params;
  char err[128] = "";
  const rb_option unknown = {"speed", "1"};
  EXPECT_EQ(kFlower.prepare(nullptr, &params, &unknown, 1, &state, err, sizeof err),
            RB_ERR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(err).find("unknown option 'speed'"), std::string::npos) << err;
  EXPECT_EQ(state, nullptr);
  params.struct_size = offsetof(rb_flower_params, write_fds);
  EXPECT_EQ(kFlower.prepare(nullptr, &params, nullptr, 0, &state, err, sizeof err),
            RB_ERR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(err).find("too old"), std::string::npos) << err;
  EXPECT_EQ(kFlower.prepare(nullptr, &params, nullptr, 0, nullptr, err, sizeof err),
            RB_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(Recorder::alive, 0);
}

TEST(AbiTables, CallsWithoutAStateOrASinkAreRefused) {
  char err[128] = "";
  EXPECT_EQ(kFlower.arm(nullptr, err, sizeof err), RB_ERR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(err).find("prepare did not succeed"), std::string::npos) << err;
  Recorder recorder;
  EXPECT_EQ(kFlower.counters(&recorder, nullptr, err, sizeof err), RB_ERR_INVALID_ARGUMENT);
}

TEST(AbiTables, NotifyStartPassesTheConsumerCpuOnlyIfTheParamsHaveIt) {
  rb_notify_params params{sizeof(rb_notify_params), 1, 10, 3};
  void* state = nullptr;
  char err[128] = "";
  ASSERT_EQ(kNotify.start(nullptr, &params, nullptr, 0, &state, err, sizeof err), RB_OK);
  EXPECT_EQ(Recorder::lastConsumerCpu, 3);
  EXPECT_EQ(kNotify.post(state, 5), RB_OK);
  EXPECT_EQ(kNotify.post(state, 7), RB_OK);
  rb_notify_result result{sizeof(rb_notify_result), 0, 0};
  EXPECT_EQ(kNotify.finish(state, &result, err, sizeof err), RB_OK);
  EXPECT_EQ(result.count, 2u);
  EXPECT_EQ(result.sum, 12u);
  kNotify.release(state);

  params.struct_size = offsetof(rb_notify_params, consumer_cpu);
  ASSERT_EQ(kNotify.start(nullptr, &params, nullptr, 0, &state, err, sizeof err), RB_OK);
  EXPECT_EQ(Recorder::lastConsumerCpu, -1);
  kNotify.release(state);
}

TEST(AbiTables, PrepareParsesTheOptionsForItsOwnTablesWorkload) {
  rb_notify_params params{sizeof(rb_notify_params), 1, 10, 3};
  void* state = nullptr;
  char err[256] = "";
  const rb_option depth = {"depth", "4"};
  ASSERT_EQ(kNotify.start(nullptr, &params, &depth, 1, &state, err, sizeof err), RB_OK);
  EXPECT_EQ(lastDepth, 4);
  kNotify.release(state);
  ASSERT_EQ(kNotify.start(nullptr, &params, nullptr, 0, &state, err, sizeof err), RB_OK);
  EXPECT_EQ(lastDepth, 3);
  kNotify.release(state);

  const rb_flower_params flower = flowerParams();
  EXPECT_EQ(kFlower.prepare(nullptr, &flower, &depth, 1, &state, err, sizeof err),
            RB_ERR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(err).find("'depth'"), std::string::npos) << err;
  EXPECT_EQ(state, nullptr);
}

const char* testVersion() {
  return "9.9";
}

TEST(AbiTables, TheDescriptorCarriesTheWordsTablesAndDeclaredOptions) {
  const rb_plugin plugin =
      describePlugin({"test-plugin", "1.2.3", "testlib", &testVersion, "one line"},
                     {.notify = &kNotify}, kOneDecl);
  EXPECT_EQ(plugin.struct_size, sizeof(rb_plugin));
  EXPECT_EQ(plugin.abi_version, static_cast<std::uint32_t>(RB_ABI_VERSION));
  EXPECT_STREQ(plugin.name, "test-plugin");
  EXPECT_STREQ(plugin.version, "1.2.3");
  EXPECT_STREQ(plugin.library, "testlib");
  EXPECT_STREQ(plugin.library_version(), "9.9");
  EXPECT_STREQ(plugin.description, "one line");
  EXPECT_EQ(plugin.flower, nullptr);
  EXPECT_EQ(plugin.notify, &kNotify);
  EXPECT_EQ(plugin.pingpong_server, nullptr);
  EXPECT_EQ(plugin.pingpong_client, nullptr);
  EXPECT_EQ(plugin.rr_server, nullptr);
  EXPECT_EQ(plugin.options, kOneDecl.data());
  EXPECT_EQ(plugin.option_count, 1u);
}

TEST(AbiTables, AHostOfAnotherMajorVersionIsNotOffered) {
  const rb_plugin plugin{};
  EXPECT_EQ(offeredTo(RB_ABI_VERSION, plugin), &plugin);
  EXPECT_EQ(offeredTo(RB_MAKE_VERSION(RB_ABI_MAJOR + 1, 0), plugin), nullptr);
}

}  // namespace
}  // namespace rbcommon
