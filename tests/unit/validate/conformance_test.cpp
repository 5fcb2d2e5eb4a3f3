// The check registry: which checks each workload gets, and how a check's name travels to the
// child process that runs it.
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "exec/cell_job.h"
#include "exec/cell_worker.h"
#include "validate/check_worker.h"
#include "validate/conformance.h"

namespace rb::validate {
namespace {

std::vector<std::string> names(const std::vector<Check>& checks) {
  std::vector<std::string> found;
  for (const auto& check : checks) found.push_back(check.name);
  return found;
}

std::vector<std::string> suite(const std::string& prefix) {
  std::vector<std::string> found;
  for (const char* what : {"options", "stop", "fds", "threads"}) found.push_back(prefix + what);
  return found;
}

// The fds and threads censuses come last in every suite (workload/checks/check_helpers.h).
TEST(Conformance, FlowerAndNotifySuites) {
  EXPECT_EQ(names(checks_for("flower")),
            (std::vector<std::string>{"flower.counts", "flower.options", "flower.stop",
                                      "flower.fds", "flower.threads"}));
  EXPECT_EQ(names(checks_for("notify")),
            (std::vector<std::string>{"notify.checksum", "notify.options", "notify.abandon",
                                      "notify.fds", "notify.threads"}));
}

TEST(Conformance, EachPingpongRoleHasItsOwnSuite) {
  auto server = suite("pingpong_server.");
  server.insert(server.begin(), "pingpong_server.echo");
  auto client = suite("pingpong_client.");
  client.insert(client.begin(), "pingpong_client.echo");
  EXPECT_EQ(names(checks_for("pingpong_server")), server);
  EXPECT_EQ(names(checks_for("pingpong_client")), client);
  for (const auto& check : checks_for("pingpong_server"))
    EXPECT_EQ(check.workload, "pingpong_server");
  for (const auto& check : checks_for("pingpong_client"))
    EXPECT_EQ(check.workload, "pingpong_client");
}

TEST(Conformance, APluginWithBothPingpongRolesGetsBothSuites) {
  auto both = names(checks_for("pingpong_server"));
  const auto client = names(checks_for("pingpong_client"));
  both.insert(both.end(), client.begin(), client.end());
  EXPECT_EQ(names(checks_for("pingpong")), both);
}

TEST(Conformance, UnknownWorkloadHasNoChecks) {
  EXPECT_TRUE(checks_for("no-such-workload").empty());
  EXPECT_TRUE(checks_for("").empty());
}

TEST(Conformance, FindCheck) {
  const Check* counts = find_check("flower.counts");
  ASSERT_NE(counts, nullptr);
  EXPECT_EQ(counts->workload, "flower");
  EXPECT_GT(counts->variants, 1);
  const Check* echo = find_check("pingpong_client.echo");
  ASSERT_NE(echo, nullptr);
  EXPECT_EQ(echo->workload, "pingpong_client");
  EXPECT_EQ(find_check("flower"), nullptr);
  EXPECT_EQ(find_check("flower.counts#1"), nullptr);
  EXPECT_EQ(find_check("no.such"), nullptr);
}

TEST(Conformance, EveryCheckIsNamedOnceAndRunnable) {
  std::set<std::string> seen;
  for (const char* workload : {"flower", "notify", "pingpong_server", "pingpong_client"}) {
    for (const auto& check : checks_for(workload)) {
      EXPECT_TRUE(seen.insert(check.name).second) << check.name;
      EXPECT_EQ(check.name.rfind(std::string(workload) + ".", 0), 0u) << check.name;
      EXPECT_NE(check.run, nullptr) << check.name;
      EXPECT_GE(check.variants, 1) << check.name;
      EXPECT_FALSE(check.passed.empty()) << check.name;
      const Check* found = find_check(check.name);
      ASSERT_NE(found, nullptr) << check.name;
      EXPECT_EQ(found->workload, check.workload);
    }
  }
}

TEST(Conformance, JobNameCarriesTheVariant) {
  EXPECT_EQ(check_job_name("flower.counts", 0), "flower.counts");
  EXPECT_EQ(check_job_name("flower.counts", 3), "flower.counts#3");
}

// What a check's child process reports on its report pipe.
nlohmann::json run_job(const std::string& check) {
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) return {};
  exec::CellJob job;
  job.check = check;
  job.report_fd = pipe_fds[1];
  job.plugin_path = "/nonexistent/rb-no-such-plugin.so";
  const int code = run_check_job(job);
  ::close(pipe_fds[1]);
  std::string text;
  char buffer[1024];
  for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;)
    text.append(buffer, static_cast<std::size_t>(n));
  ::close(pipe_fds[0]);
  EXPECT_EQ(code, exec::kWorkerCellFailed) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
  return nlohmann::json::parse(text);
}

TEST(Conformance, UnknownCheckReportsFailed) {
  const auto report = run_job(check_job_name("no.such", 2));
  EXPECT_EQ(report.at("type"), "failed");
  EXPECT_EQ(report.at("reason"), "unknown check 'no.such'");
}

// The name check_job_name() gives a variant is parsed back to the check: the child gets as
// far as loading the plugin.
TEST(Conformance, JobNameRoundTripsToTheCheck) {
  for (const int variant : {0, 2}) {
    const auto report = run_job(check_job_name("flower.counts", variant));
    EXPECT_EQ(report.at("type"), "failed");
    const std::string reason = report.at("reason");
    EXPECT_EQ(reason.find("unknown check"), std::string::npos) << reason;
    EXPECT_NE(reason.find("rb-no-such-plugin.so"), std::string::npos) << reason;
  }
}

}  // namespace
}  // namespace rb::validate
