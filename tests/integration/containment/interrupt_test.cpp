// SIGINT to the runner mid-matrix: the running cell's process is stopped, samples.jsonl keeps
// every finished sample, the summaries are written with the unfinished cells `interrupted`,
// and the exit code is 130.
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "containment_support.h"

namespace rbtest {
namespace {

namespace fs = std::filesystem;

// Polls for a condition; the deadline only keeps a broken runner from hanging the suite.
template <typename Condition>
bool eventually(Condition condition, std::chrono::seconds deadline = std::chrono::seconds(60)) {
  const auto give_up = std::chrono::steady_clock::now() + deadline;
  while (std::chrono::steady_clock::now() < give_up) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

bool has_measured_sample_of(const fs::path& samples, const std::string& plugin) {
  for (const auto& line : read_lines(samples)) {
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (!j.is_discarded() && j.value("plugin", "") == plugin && j.contains("metrics")) return true;
  }
  return false;
}

// Processes whose command line mentions `marker` (the cell children carry the plugin path).
std::vector<pid_t> processes_mentioning(const std::string& marker) {
  std::vector<pid_t> found;
  DIR* proc = ::opendir("/proc");
  while (const dirent* entry = proc != nullptr ? ::readdir(proc) : nullptr) {
    const pid_t pid = static_cast<pid_t>(std::atoi(entry->d_name));
    if (pid <= 0) continue;
    std::ifstream in(fs::path("/proc") / entry->d_name / "cmdline", std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (text.str().find(marker) != std::string::npos) found.push_back(pid);
  }
  if (proc != nullptr) ::closedir(proc);
  return found;
}

TEST(Interrupt, SigintMidMatrixKeepsWhatFinishedAndMarksTheRest) {
  ScratchDir dir;
  // A private copy of the hanging plugin: its path in the cell's command line tells this
  // test's processes apart from any other test's.
  const fs::path plugins = dir.path() / "plugins";
  fs::create_directories(plugins);
  fs::copy_file(fs::path(RB_TEST_PLUGIN_DIR) / "flower_faulty.so", plugins / "flower_faulty.so");
  // Cells: 0 raw-epoll, 1 flower-faulty (hangs in its third iteration, after one measured
  // sample), then 2 and 3 at the second matrix point, which never start.
  const std::string config = R"(workload = "flower"
plugins = ["raw-epoll", "flower-faulty"]

[run]
repetitions = 4
warmup = 1
rounds = 1
timeout = "120s"
order_seed = 7   # a seed whose first round runs raw-epoll before flower-faulty at point 1

[matrix]
pipes = [20]
active = [4, 2]
writes = [10]

[plugin_options.flower-faulty]
hang_at = "2"
)";
  const fs::path out = dir.path() / "out";
  const pid_t runner = spawn_runner({"run", dir.write("matrix.toml", config).string(), "--out",
                                     out.string(), "--plugin-path", plugins.string()},
                                    dir.path() / "stdout", dir.path() / "stderr");
  ASSERT_GT(runner, 0);

  const bool hanging =
      eventually([&] { return has_measured_sample_of(out / "samples.jsonl", "flower-faulty"); });
  if (hanging) ::kill(runner, SIGINT);
  int status = 0;
  if (!hanging) ::kill(runner, SIGKILL);
  ::waitpid(runner, &status, 0);
  ASSERT_TRUE(hanging) << "the faulty cell never started";

  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  EXPECT_TRUE(processes_mentioning(plugins.string()).empty())
      << "a cell's process outlived the run";

  for (const char* file : {"summary.json", "summary.csv", "summary.md", "samples.jsonl"})
    EXPECT_TRUE(fs::exists(out / file)) << file;
  const auto summary = read_json(out / "summary.json");
  const auto& cells = summary.at("cells");
  ASSERT_EQ(cells.size(), 4u);
  EXPECT_EQ(cells[0].at("status"), "ok");
  EXPECT_EQ(cells[0].at("metrics").at("dispatch_us").at("n"), 4);
  EXPECT_EQ(cells[1].at("status"), "interrupted");
  EXPECT_EQ(cells[1].at("metrics").at("dispatch_us").at("n"), 1);  // its finished sample
  for (int i : {2, 3}) {
    EXPECT_EQ(cells[i].at("status"), "interrupted") << cells[i].dump();
    EXPECT_EQ(cells[i].at("reason"), "interrupted before it started");
  }

  long raw = 0, faulty = 0;
  for (const auto& line : read_lines(out / "samples.jsonl")) {
    const auto j = nlohmann::json::parse(line);
    if (!j.contains("metrics")) continue;
    (j.at("plugin") == "raw-epoll" ? raw : faulty) += 1;
  }
  EXPECT_EQ(raw, 4);
  EXPECT_EQ(faulty, 1);
}

}  // namespace
}  // namespace rbtest
