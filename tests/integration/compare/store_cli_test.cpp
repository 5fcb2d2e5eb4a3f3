// The history store through the runner: `run --store` (flag, REACTORBENCH_DB, [store] path),
// then history, compare by run id, export and report on what was stored.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "run_helpers.h"
#include "store/schema.h"

namespace {

using rbtest::run_runner;
using rbtest::ScratchDir;

std::string config_with(const std::string& extra) {
  return "name = \"tiny\"\n" +
         rbtest::matrix_config("flower", R"("raw-epoll", "libevent2")", rbtest::run_lines(6, "20s"),
                               "pipes = [20]\nactive = [5]\nwrites = [10]", extra);
}

std::string read(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

rbtest::RunOutput run_into(const ScratchDir& dir, const std::string& config, const std::string& out,
                           std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"run", config, "--out", (dir.path() / out).string()};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_runner(args);
}

TEST(StoreCli, TwoRunsStoredThenHistoryCompareExportReport) {
  ScratchDir dir;
  const std::string db = (dir.path() / "history.db").string();
  const std::string config = dir.write("tiny.toml", config_with("")).string();
  for (const char* out : {"r1", "r2"}) {
    const auto r = run_into(dir, config, out, {"--store", db});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("stored: run "), std::string::npos) << r.err;
  }
  const auto link = nlohmann::json::parse(read(dir.path() / "r2" / "store.json"));
  EXPECT_EQ(link.at("run_id"), 2);
  EXPECT_EQ(link.at("config_name"), "tiny");

  auto r = run_runner({"history", "--store", db, "--format", "json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto runs = nlohmann::json::parse(r.out);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].at("status"), "finished");
  EXPECT_EQ(runs[0].at("cells"), 2);

  r = run_runner({"history", "--store", db, "--cell", "raw-epoll pipes=20"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("dispatch_us"), std::string::npos) << r.out;

  // Stored runs and their results directories compare alike; every sample was stored.
  r = run_runner({"compare", "1", "2", "--store", db, "--format", "json"});
  EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 3) << r.err;
  const auto by_id = nlohmann::json::parse(r.out);
  EXPECT_EQ(by_id.at("cells")[0].at("n_base"), 6);
  r = run_runner({"compare", "previous", (dir.path() / "r2").string(), "--format", "json"});
  const auto by_dir = nlohmann::json::parse(r.out);
  EXPECT_EQ(by_dir.at("cells")[0].at("ratio"), by_id.at("cells")[0].at("ratio"));
  EXPECT_NE(by_dir.at("base").get<std::string>().find("run 1"), std::string::npos);

  r = run_runner({"export", "last", "--store", db, "--format", "bencher"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out).size(), 2u);

  const auto html = dir.path() / "report";
  r = run_runner({"report", "last", "--baseline", "previous", "--store", db, "--html",
                  html.string(), "--no-plots"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string page = read(html / "report.html");
  EXPECT_NE(page.find("Against the baseline"), std::string::npos);
  EXPECT_NE(page.find("base: run 1"), std::string::npos);
  EXPECT_NE(page.find("tiny: run 2"), std::string::npos);
}

TEST(StoreCli, EnvironmentAndConfigGiveTheDefaultStore) {
  ScratchDir dir;
  const std::string from_config = (dir.path() / "from-config.db").string();
  const std::string config =
      dir.write("tiny.toml", config_with("\n[store]\npath = \"" + from_config + "\"\n")).string();
  auto r = run_into(dir, config, "a");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(from_config));

  const std::string from_env = (dir.path() / "from-env.db").string();
  ::setenv("REACTORBENCH_DB", from_env.c_str(), 1);
  r = run_into(dir, config, "b");
  ::unsetenv("REACTORBENCH_DB");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(from_env));

  r = run_into(dir, config, "c", {"--no-store"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "c" / "store.json"));
}

TEST(StoreCli, UnknownStoreKeyIsAConfigError) {
  ScratchDir dir;
  const std::string config =
      dir.write("tiny.toml", config_with("\n[store]\npth = \"x.db\"\n")).string();
  const auto r = run_into(dir, config, "a");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("tiny.toml:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("did you mean 'path'"), std::string::npos) << r.err;
}

TEST(StoreCli, NewerSchemaStopsTheRunBeforeAnythingRuns) {
  ScratchDir dir;
  const auto db = dir.path() / "newer.db";
  {
    rb::store::Database handle = rb::store::open_history(db, true);
    handle.set_user_version(rb::store::kSchemaVersion + 1);
  }
  const std::string config = dir.write("tiny.toml", config_with("")).string();
  const auto r = run_into(dir, config, "a", {"--store", db.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("newer than this runner's"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "a" / "summary.json"));
}

// The read-only commands refuse a newer database without touching it: the file is byte
// for byte what it was (no migration, no journal-mode switch).
TEST(StoreCli, ReadersRefuseANewerSchemaAndLeaveTheFileByteIdentical) {
  ScratchDir dir;
  const auto db = dir.path() / "newer.db";
  {
    rb::store::Database handle(db, true);  // rollback journal: a WAL switch would show
    rb::store::migrate_to(handle, rb::store::kSchemaVersion);
    handle.set_user_version(rb::store::kSchemaVersion + 1);
  }
  const std::string before = read(db);
  ASSERT_FALSE(before.empty());
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"history", "--store", db.string()},
        {"compare", "last~1", "last", "--store", db.string()},
        {"export", "last", "--store", db.string(), "--format", "bencher"},
        {"report", "last", "--store", db.string(), "--html", (dir.path() / "r").string()}}) {
    const auto r = run_runner(args);
    EXPECT_EQ(r.exit_code, 2) << args[0] << ": " << r.out << r.err;
    EXPECT_NE(r.err.find("newer than this runner's"), std::string::npos) << args[0] << r.err;
    EXPECT_EQ(read(db), before) << args[0] << " changed the database";
  }
}

}  // namespace
