// probe_plugin end to end: a child process (the probe host, standing in for the runner) loads
// the plugin and reports back; whatever the plugin does, this process survives.
#include "plugin/probe.h"

#include <chrono>

#include <gtest/gtest.h>
#include <reactorbench/plugin.h>

#include "plugin/registry.h"
#include "plugin/sha256.h"
#include "test_paths.h"

namespace rb::plugin {
namespace {

using test::bad_plugin;
using test::probe_host;

LoadError probe_error(const std::filesystem::path& path,
                      std::chrono::milliseconds timeout = std::chrono::seconds(10),
                      const std::filesystem::path& exe = probe_host()) {
  try {
    probe_plugin(path, exe, timeout);
  } catch (const LoadError& error) {
    return error;
  }
  ADD_FAILURE() << path << " probed fine";
  return LoadError(LoadErrorKind::probe_failed, path, "probed fine");
}

TEST(Probe, GoodPluginReportsItsInfo) {
  const auto path = bad_plugin("good.so");
  const PluginInfo info = probe_plugin(path, probe_host());
  EXPECT_EQ(info.name, "good");
  EXPECT_EQ(info.version, "1.2.3");
  EXPECT_EQ(info.library, "poll");
  EXPECT_EQ(info.library_version, "poll-1");
  EXPECT_EQ(info.description, "a test plugin that loads and works");
  EXPECT_EQ(info.abi_version, RB_ABI_VERSION);
  EXPECT_EQ(info.workloads, std::vector<std::string>{"flower"});
  EXPECT_EQ(info.path, path);
  EXPECT_EQ(info.sha256, sha256_file(path));
}

TEST(Probe, BadPluginReportsItsKindAndMessage) {
  const auto path = bad_plugin("abi_major.so");
  const LoadError error = probe_error(path);
  EXPECT_EQ(error.kind(), LoadErrorKind::abi_major_mismatch);
  EXPECT_EQ(error.path(), path);
  EXPECT_STREQ(error.what(),
               (path.string() + ": plugin ABI 2.0 is not compatible with host ABI 1.3 "
                                "(major differs)")
                   .c_str());
}

TEST(Probe, KindsSurviveTheTrip) {
  EXPECT_EQ(probe_error(bad_plugin("missing.so")).kind(), LoadErrorKind::file_missing);
  EXPECT_EQ(probe_error(bad_plugin("not_elf.so")).kind(), LoadErrorKind::not_shared_object);
  const LoadError unresolved = probe_error(bad_plugin("unresolved_symbol.so"));
  EXPECT_EQ(unresolved.kind(), LoadErrorKind::unresolved_symbol);
  EXPECT_NE(std::string(unresolved.what()).find("rbtest_function_defined_nowhere"),
            std::string::npos);
}

TEST(Probe, CrashingPluginIsProbeFailedNamingTheSignal) {
  const LoadError error = probe_error(bad_plugin("entry_segfaults.so"));
  EXPECT_EQ(error.kind(), LoadErrorKind::probe_failed);
  EXPECT_NE(std::string(error.what()).find("SIGSEGV"), std::string::npos) << error.what();
}

TEST(Probe, HangingPluginIsKilledAtTheTimeout) {
  const LoadError error = probe_error(bad_plugin("entry_hangs.so"), std::chrono::milliseconds(300));
  EXPECT_EQ(error.kind(), LoadErrorKind::probe_failed);
  EXPECT_NE(std::string(error.what()).find("timed out"), std::string::npos) << error.what();
}

TEST(Probe, UnrunnableProbeHostIsProbeFailed) {
  const LoadError error = probe_error(bad_plugin("good.so"), std::chrono::seconds(10),
                                      "/nonexistent/reactorbench-runner");
  EXPECT_EQ(error.kind(), LoadErrorKind::probe_failed);
  EXPECT_NE(std::string(error.what()).find("cannot execute"), std::string::npos) << error.what();
}

TEST(Probe, RegistryDiscoversDuplicatesAcrossTwoDirectories) {
  const Registry::Prober probe = child_prober(probe_host());
  const auto registry = Registry::discover({bad_plugin("dup_a"), bad_plugin("dup_b")}, probe);
  ASSERT_EQ(registry.names(), std::vector<std::string>{"duplicate"});
  EXPECT_EQ(registry.plugins()[0].version, "1.0.0");
  try {
    registry.resolve("duplicate", probe);
    FAIL() << "a duplicated name resolved";
  } catch (const LoadError& error) {
    EXPECT_EQ(error.kind(), LoadErrorKind::duplicate_name);
    const std::string what = error.what();
    EXPECT_NE(what.find(bad_plugin("dup_a/duplicate.so").string()), std::string::npos) << what;
    EXPECT_NE(what.find(bad_plugin("dup_b/duplicate.so").string()), std::string::npos) << what;
  }
  // By path, either file still resolves.
  EXPECT_EQ(registry.resolve(bad_plugin("dup_b/duplicate.so").string(), probe).version, "2.0.0");
}

}  // namespace
}  // namespace rb::plugin
