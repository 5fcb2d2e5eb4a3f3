// The runner's commands on a PostgreSQL store, as they are on a SQLite file: two runs stored
// with --store postgresql://..., then history, history --cell, --changes, compare, export,
// report, tag, and `store copy` to a file and back; and examples/fleet's Indexed Job's pods.
// The URL carries a password (the test server trusts every local connection, so any password
// works): no output of any command, and no store.json, ever shows it.
#include <gtest/gtest.h>

#include <signal.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "../../support/capability.h"
#include "../../support/postgres_server.h"
#include "fleet_examples.h"
#include "run_helpers.h"
#include "store_backends.h"

namespace rb::testing {
extern rbtest::PostgresServer* test_server;
}

namespace {

using rbtest::run_runner;
using rbtest::RunOutput;
using rbtest::ScratchDir;

constexpr const char* kPassword = "s3cret-Pw";

class PostgresCli : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const auto why = rb::testing::PostgresBackend::unavailable())
      RB_SKIP_WITHOUT("postgresql") << *why;
    const std::string plain = rb::testing::test_server->create_database();
    url_ = plain;
    url_.insert(url_.find('@'), std::string(":") + kPassword);  // postgresql://rb:PW@/...
  }
  // Runs the runner; fails the test when its output shows the password.
  RunOutput runner(const std::vector<std::string>& args) {
    RunOutput r = run_runner(args);
    EXPECT_EQ(r.out.find(kPassword), std::string::npos) << r.out;
    EXPECT_EQ(r.err.find(kPassword), std::string::npos) << r.err;
    return r;
  }

  ScratchDir dir_;
  std::string url_;
};

std::string read(const std::filesystem::path& file) {
  std::stringstream s;
  s << std::ifstream(file).rdbuf();
  return s.str();
}

TEST_F(PostgresCli, RunsStoredThenEveryReaderAndACopyBothWays) {
  const std::string config =
      dir_.write("tiny.toml",
                 "name = \"tiny\"\n" +
                     rbtest::matrix_config("flower", R"("raw-epoll", "libevent2")",
                                           rbtest::run_lines(6, "20s"), rbtest::kTinyFlowerPoint))
          .string();
  for (const char* out : {"r1", "r2"}) {
    const auto r = runner({"run", config, "--out", (dir_.path() / out).string(), "--store", url_});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("in postgresql://rb:***@/"), std::string::npos) << r.err;
  }
  const std::string link = read(dir_.path() / "r2" / "store.json");
  EXPECT_EQ(link.find(kPassword), std::string::npos) << link;
  EXPECT_NE(link.find("postgresql://rb@/"), std::string::npos) << link;

  auto r = runner({"history", "--store", url_, "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out).size(), 2u);
  r = runner({"history", "--store", url_, "--cell", "raw-epoll pipes=10"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("dispatch_us"), std::string::npos) << r.out;
  r = runner({"history", "--store", url_, "--changes"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = runner({"compare", "1", "2", "--store", url_, "--format", "json"});
  EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 3) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out).at("cells")[0].at("n_base"), 6);
  // A results directory finds its run before it through its store.json (no password there:
  // libpq needs none from a trusting server, and would find a real one in ~/.pgpass).
  r = runner({"compare", "previous", (dir_.path() / "r2").string(), "--format", "json"});
  EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 3) << r.err;
  r = runner({"export", "last", "--store", url_, "--format", "bencher"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = runner({"tag", "1", "base", "--store", url_});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("postgresql://rb:***@/"), std::string::npos) << r.out;
  r = runner({"report", "last", "--baseline", "base", "--store", url_, "--html",
              (dir_.path() / "report").string(), "--no-plots"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  {  // the tag's run is the report's baseline (run 2 against run 1)
    std::stringstream page;
    page << std::ifstream(dir_.path() / "report" / "report.html").rdbuf();
    EXPECT_NE(page.str().find("base: &#39;base&#39; = run 1 ("), std::string::npos) << page.str();
  }

  const std::string file = (dir_.path() / "copy.db").string();
  r = runner({"store", "copy", url_, file});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("copied 2 runs"), std::string::npos) << r.out;
  r = runner({"compare", "base", "2", "--store", file, "--format", "json"});
  EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 3) << r.err;
  r = runner({"store", "copy", file, url_});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("the destination holds 2 runs already"), std::string::npos) << r.err;
  std::string back = rb::testing::test_server->create_database();
  r = runner({"store", "copy", file, back});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = runner({"history", "--store", back, "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out).size(), 2u);
}

TEST_F(PostgresCli, AStoreThatCannotBeOpenedIsNamedWithThePasswordMasked) {
  std::string missing = url_;
  missing.replace(missing.find("/t"), 2, "/nosuchdb_t");
  const auto r = runner({"history", "--store", missing});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("postgresql://rb:***@/nosuchdb_t"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("does not exist"), std::string::npos) << r.err;
}

// The server's processes stopped (SIGSTOP) for the scope, resumed however it ends.
class PausedServer {
 public:
  PausedServer() : pids_(rb::testing::test_server->processes()) {
    for (const pid_t pid : pids_) ::kill(pid, SIGSTOP);
  }
  ~PausedServer() {
    for (const pid_t pid : pids_) ::kill(pid, SIGCONT);
  }
  PausedServer(const PausedServer&) = delete;
  PausedServer& operator=(const PausedServer&) = delete;
  std::size_t size() const { return pids_.size(); }

 private:
  std::vector<pid_t> pids_;
};

// Issue 31: a paused server (SIGSTOP) blocked a run forever, in the connect and in any
// statement: both now give up after their timeout and say so.
TEST_F(PostgresCli, APausedServerIsAnErrorAfterTheTimeoutNotAHang) {
  rb::store::Database open(url_, rb::store::OpenMode::read_write);
  const PausedServer paused;
  ASSERT_GE(paused.size(), 2u);  // the postmaster and at least this connection's backend
  const auto r = runner({"history", "--store", url_ + "&connect_timeout=2"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("failed: timeout expired (no answer within connect_timeout, 2 s: is the "
                       "server paused or overloaded?"),
            std::string::npos)
      << r.err;

  ::setenv("REACTORBENCH_PG_ANSWER_TIMEOUT", "1", 1);
  std::string error;
  try {
    open.exec("SELECT 1");
  } catch (const rb::store::StoreError& e) {
    error = e.what();
  }
  ::unsetenv("REACTORBENCH_PG_ANSWER_TIMEOUT");
  EXPECT_NE(error.find(": cannot run \"SELECT 1\": no answer from the server within 1 s (is it "
                       "paused or overloaded?"),
            std::string::npos)
      << error;
}

// examples/fleet's Indexed Job, its container's arguments run here once per index
// (JOB_COMPLETION_INDEX 0..N-1) with the store pointed at the throwaway server: the group read
// back is exactly the cells of one unsharded run.
TEST_F(PostgresCli, TheIndexedJobsPodsStoreOneGroupOfTheWholeRunsCells) {
  const auto job = rbtest::yaml_file(rbtest::fleet_example("kubernetes-indexed-job.yaml"));
  const int pods = job.at("spec").at("completions").get<int>();
  const std::string config = dir_.write("fleet.toml", rbtest::fleet_config()).string();
  std::string manifest_url;
  for (const auto& arg : rbtest::indexed_job_argv(job, {}, {}))
    if (arg.rfind("postgresql://", 0) == 0) manifest_url = arg;
  ASSERT_FALSE(manifest_url.empty());
  for (int index = 0; index < pods; ++index) {
    const auto argv = rbtest::indexed_job_argv(
        job, {{"RB_GROUP", "k8s-night"}},
        {{"/opt/reactorbench/configs/flower.toml", config},
         {manifest_url, url_},
         {"/tmp/results", (dir_.path() / ("pod-" + std::to_string(index))).string()}});
    ::setenv("JOB_COMPLETION_INDEX", std::to_string(index).c_str(), 1);
    const auto r = runner(std::vector<std::string>(argv.begin() + 1, argv.end()));
    ::unsetenv("JOB_COMPLETION_INDEX");
    ASSERT_EQ(r.exit_code, 0) << "pod " << index << ": " << r.err;
  }
  const auto whole =
      runner({"run", config, "--no-store", "--out", (dir_.path() / "whole").string()});
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  const auto expected = rbtest::exported_cells({(dir_.path() / "whole").string()});
  EXPECT_EQ(expected.size(), 6u);
  EXPECT_EQ(rbtest::exported_cells({"group:k8s-night", "--store", url_}), expected);
}

}  // namespace
