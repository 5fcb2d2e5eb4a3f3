// `runner validate`: every plugin we ship passes; each bad plugin fails the check that is
// about its fault, with the reason on its line, and the runner survives all of them.
#include <gtest/gtest.h>

#include <regex>

#include "containment_support.h"

namespace rbtest {
namespace {

// The verdict line of a check, e.g. "FAIL  flower.fds       fds left open ...".
std::string line_of(const std::string& output, const std::string& check) {
  const std::regex pattern("^(PASS|FAIL|SKIP)  " + check + " +.*$", std::regex::multiline);
  std::smatch match;
  return std::regex_search(output, match, pattern) ? match[0].str() : std::string("(no line)");
}

RunOutput validate(const std::vector<std::string>& plugins) {
  std::vector<std::string> args = {"validate", "--plugin-path", runtime_bad_plugins().string(),
                                   "--phase-timeout", "1"};
  args.insert(args.end(), plugins.begin(), plugins.end());
  return run_runner(args);
}

TEST(Validate, EveryPluginWeShipPassesEveryCheck) {
  const auto listed = run_runner({"plugins", "--json"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  std::vector<std::string> args = {"validate"};
  const auto listing = nlohmann::json::parse(listed.out);
  for (const auto& plugin : listing.at("plugins"))
    args.push_back(plugin.at("name").get<std::string>());
  ASSERT_GE(args.size(), 3u) << listed.out;  // at least libevent2 and raw-epoll

  const auto result = run_runner(args);
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(result.out.find("FAIL"), std::string::npos) << result.out;
  for (std::size_t i = 1; i < args.size(); ++i)
    EXPECT_NE(result.out.find(args[i] + ": "), std::string::npos) << args[i] << "\n" << result.out;
  for (const char* check : {"load",
                            "descriptor",
                            "exports",
                            "flower.counts",
                            "flower.options",
                            "flower.fds",
                            "flower.threads",
                            "flower.stop",
                            "notify.checksum",
                            "notify.options",
                            "notify.fds",
                            "notify.threads",
                            "notify.abandon",
                            "pingpong_server.echo",
                            "pingpong_server.options",
                            "pingpong_server.fds",
                            "pingpong_server.threads",
                            "pingpong_server.stop",
                            "pingpong_client.echo",
                            "pingpong_client.options",
                            "pingpong_client.fds",
                            "pingpong_client.threads",
                            "pingpong_client.stop"})
    EXPECT_EQ(line_of(result.out, check).rfind("PASS", 0), 0u) << check << "\n" << result.out;
  // pingpong has a suite now: nothing of ours is skipped.
  EXPECT_EQ(result.out.find("SKIP"), std::string::npos) << result.out;
}

TEST(Validate, PrintsTheDescriptor) {
  const auto result = run_runner({"validate", "raw-epoll"});
  EXPECT_EQ(result.exit_code, 0) << result.out;
  EXPECT_NE(result.out.find("raw-epoll 1.0.0: wraps linux-epoll"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("ABI 1.3 (runner 1.3)"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("sha256 "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("raw_epoll.so"), std::string::npos) << result.out;
}

struct BadCase {
  std::string plugin;
  std::string check;
  std::string reason;
};

void PrintTo(const BadCase& bad, std::ostream* out) {
  *out << bad.plugin << " " << bad.check;
}

class ValidateFails : public ::testing::TestWithParam<BadCase> {};

TEST_P(ValidateFails, TheCheckAboutTheFaultWithItsReason) {
  const BadCase& bad = GetParam();
  const auto result = validate({bad.plugin});
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  const std::string line = line_of(result.out, bad.check);
  EXPECT_EQ(line.rfind("FAIL", 0), 0u) << result.out;
  EXPECT_NE(line.find(bad.reason), std::string::npos) << line;
  // The runner lived to write its tally after the bad check.
  EXPECT_NE(result.out.find(bad.plugin + ": "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("failed"), std::string::npos) << result.out;
}

INSTANTIATE_TEST_SUITE_P(
    BadPlugins, ValidateFails,
    ::testing::Values(
        BadCase{"fd-leak", "flower.fds", "fds left open after release: "},
        BadCase{"fd-leak", "flower.fds", "(anon_inode:[eventfd])"},
        BadCase{"thread-leak", "flower.threads", "(leaky-helper)"},
        BadCase{"segv-in-arm", "flower.counts", "crashed: killed by signal 11"},
        BadCase{"abort-in-dispatch", "flower.counts", "crashed: killed by signal 6"},
        BadCase{"spin-in-dispatch", "flower.counts",
                "dispatch did not return within 1000 ms (phase watchdog)"},
        BadCase{"wrong-counts", "flower.counts", "expected 1 reads and 0 writes, got 0 reads"},
        // Right counts, no reads: only the drained-pipes check can tell (issue 36).
        BadCase{"fake-reads", "flower.counts",
                "pipes=1 active=1 writes=0 transport=socketpair, iteration 0: after dispatch "
                "pipe 0 still holds 1 unread byte(s)"},
        BadCase{"exit-in-dispatch", "flower.counts", "exited with status 0 before finishing"},
        BadCase{"accepts-any-option", "flower.options", "accepted the unknown option"},
        BadCase{"extra-export", "exports", "rbtest_helper_left_visible"}),
    [](const auto& info) {
      std::string name = info.param.plugin + "_" + info.param.check;
      for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      return name + "_" + std::to_string(info.index);
    });

// The notify suite: a plugin that loses items or leaves out 'wakeups' fails the checksum check
// (tests/integration/notify/notify_faulty.c misbehaves on request).
TEST(Validate, NotifyChecksumCatchesLostItemsAndAMissingCounter) {
  const std::string faulty =
      (std::filesystem::path(RB_TEST_PLUGIN_DIR) / "notify_faulty.so").string();
  const auto losing = run_runner({"validate", faulty, "--option", "lose_every=3"});
  EXPECT_EQ(losing.exit_code, 1) << losing.out;
  const std::string checksum = line_of(losing.out, "notify.checksum");
  EXPECT_EQ(checksum.rfind("FAIL", 0), 0u) << losing.out;
  EXPECT_NE(checksum.find("expected count 10000 and sum 50005000, got count 6667"),
            std::string::npos)
      << checksum;
  EXPECT_EQ(line_of(losing.out, "notify.options").rfind("PASS", 0), 0u) << losing.out;

  const auto silent = run_runner({"validate", faulty, "--option", "omit_wakeups=1"});
  EXPECT_NE(
      line_of(silent.out, "notify.checksum").find("the required counter 'wakeups' is missing"),
      std::string::npos)
      << silent.out;
}

TEST(Validate, PluginsThatMisbehaveOnlyInTheirOutputOrVersionPass) {
  const auto result = validate({"noisy-output", "abi-1-0"});
  EXPECT_EQ(result.exit_code, 0) << result.out;
  EXPECT_NE(result.out.find("2 of 2 plugins passed every check"), std::string::npos) << result.out;
}

TEST(Validate, UnloadablePluginIsOneFailLineAndTheOthersStillRun) {
  const auto result = validate({bad_plugin("no_entry.so").string(), "raw-epoll"});
  EXPECT_EQ(result.exit_code, 1) << result.out;
  const std::string line = line_of(result.out, "load");
  EXPECT_EQ(line.rfind("FAIL", 0), 0u) << result.out;
  EXPECT_NE(line.find("no entry symbol"), std::string::npos) << line;
  EXPECT_TRUE(std::regex_search(result.out, std::regex("raw-epoll: [0-9]+ passed, 0 failed")))
      << result.out;
  EXPECT_NE(result.out.find("1 of 2 plugins passed every check"), std::string::npos) << result.out;
}

TEST(Validate, UnknownPluginOptionIsRefusedByThePlugin) {
  // --option reaches prepare: a real plugin refuses a bad value, and validate says so.
  const auto result = run_runner({"validate", "libevent2", "--option", "backend=kqueue"});
  EXPECT_EQ(result.exit_code, 1) << result.out;
  EXPECT_NE(line_of(result.out, "flower.counts").find("unknown backend 'kqueue'"),
            std::string::npos)
      << result.out;
}

// libevent2 knows backend= in flower and pingpong and wakeup= in notify, and refuses each
// elsewhere: scoped, every check passes; unscoped, the option still reaches every workload.
TEST(Validate, AnOptionScopedToAWorkloadReachesOnlyThatWorkload) {
  const auto scoped =
      run_runner({"validate", "libevent2", "--option", "flower:backend=poll", "--option",
                  "pingpong:backend=poll", "--option", "notify:wakeup=pipe"});
  EXPECT_EQ(scoped.exit_code, 0) << scoped.out << scoped.err;
  EXPECT_EQ(scoped.out.find("FAIL"), std::string::npos) << scoped.out;

  const auto flower_only =
      run_runner({"validate", "libevent2", "--option", "flower:backend=kqueue"});
  EXPECT_EQ(flower_only.exit_code, 1) << flower_only.out;
  EXPECT_NE(line_of(flower_only.out, "flower.counts").find("unknown backend 'kqueue'"),
            std::string::npos)
      << flower_only.out;
  EXPECT_EQ(line_of(flower_only.out, "notify.checksum").rfind("PASS", 0), 0u) << flower_only.out;
  EXPECT_EQ(line_of(flower_only.out, "pingpong_server.echo").rfind("PASS", 0), 0u)
      << flower_only.out;

  const auto unscoped = run_runner({"validate", "libevent2", "--option", "backend=poll"});
  EXPECT_EQ(unscoped.exit_code, 1) << unscoped.out;
  EXPECT_EQ(line_of(unscoped.out, "flower.counts").rfind("PASS", 0), 0u) << unscoped.out;
  EXPECT_NE(line_of(unscoped.out, "notify.checksum").find("unknown option 'backend'"),
            std::string::npos)
      << unscoped.out;
}

// The io-uring plugin with every option of its connections on (the two ways of consuming a
// buffer ring in turn, they do not combine) passes every check of both pingpong halves and rr.
TEST(Validate, IoUringPassesWithEveryOptionOn) {
  const auto listed = run_runner({"plugins", "--json"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  if (listed.out.find("\"io-uring\"") == std::string::npos)
    GTEST_SKIP() << "the io-uring plugin was not built here (liburing-dev missing)";
  for (const char* buffers : {"bundle=on", "incremental_buffers=on"}) {
    std::vector<std::string> args = {"validate", "io-uring"};
    for (const char* option : {"mode=read", "provided_buffers=on", "multishot=on",
                               "defer_taskrun=on", "registered_ring=on", "submit=wait", buffers})
      for (const char* scope : {"pingpong:", "rr:"}) {
        args.push_back("--option");
        args.push_back(std::string(scope) + option);
      }
    args.insert(args.end(), {"--option", "pingpong_server:fixed_files=on", "--option",
                             "rr:fixed_files=on", "--option", "pingpong:send_zc=on"});
    const auto result = run_runner(args);
    EXPECT_EQ(result.exit_code, 0) << buffers << "\n" << result.out << result.err;
    EXPECT_EQ(result.out.find("FAIL"), std::string::npos) << buffers << "\n" << result.out;
    EXPECT_EQ(line_of(result.out, "pingpong_server.echo").rfind("PASS", 0), 0u) << result.out;
    EXPECT_EQ(line_of(result.out, "pingpong_client.echo").rfind("PASS", 0), 0u) << result.out;
  }
}

TEST(Validate, UsageErrorsExitTwo) {
  EXPECT_EQ(run_runner({"validate"}).exit_code, 2);
  EXPECT_EQ(run_runner({"validate", "raw-epoll", "--option", "novalue"}).exit_code, 2);
  const auto misspelt = run_runner({"validate", "raw-epoll", "--option", "flowr:backend=poll"});
  EXPECT_EQ(misspelt.exit_code, 2);
  EXPECT_NE(misspelt.err.find("unknown workload 'flowr'"), std::string::npos) << misspelt.err;
  EXPECT_EQ(run_runner({"validate", "raw-epoll", "--phase-timeout", "0"}).exit_code, 2);
}

}  // namespace
}  // namespace rbtest
