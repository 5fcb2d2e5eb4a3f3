// Issue 16, item 3 across two "hosts": a program as the cell's server ([servers.NAME]
// command) on the runner's host, our client on another through client_launcher. The runner
// itself runs in the server's namespace (`ip netns exec S runner run ...`), so the program
// it starts, its port pick and its readiness probe are there, and {host} is the address the
// client in the other namespace reaches over the veth.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "netns_pair.h"
#include "two_hosts_config.h"

namespace {

using rbtest::NetnsPair;
using rbtest::ScratchDir;

TEST(TwoHosts, AProgramServerOnTheRunnersHostServesAClientOnAnother) {
  NetnsPair hosts;
  SKIP_WITHOUT_NAMESPACES(hosts);
  ScratchDir dir;
  const std::string config =
      fmt::format(R"(workload = "rr"
plugins = ["pyhttp", "raw-epoll"]
[run]
repetitions = 1
warmup = 0
rounds = 1
timeout = "60s"
client_launcher = [{}]
server_address = "{}:0"
[matrix]
connections = [2]
load_percent = [0]
body_size = [16]
threads = [1]
duration = ["300ms"]
[servers.pyhttp]
command = ["python3", "-m", "http.server", "--bind", "{{host}}", "--protocol", "HTTP/1.1",
           "--directory", "{}", "{{port}}"]
)",
                  NetnsPair::launcher(hosts.client_ns()), NetnsPair::kServerAddress,
                  rbtest::write_rr_site(dir, 16).string());
  std::vector<std::string> args = {"ip", "netns", "exec", hosts.server_ns(), RB_RUNNER_EXE};
  for (auto& arg : rbtest::run_args(dir, "two.toml", config, RB_TEST_PLUGIN_DIR))
    args.push_back(std::move(arg));
  const auto run = rbtest::run_program("/usr/bin/env", args);
  ASSERT_EQ(run.exit_code, 0) << run.err << run.out;
  const auto summary = rbtest::summary_of(dir);
  for (const char* server : {"pyhttp", "raw-epoll"}) {
    const auto& cell = rbtest::cell_of(summary, server);
    EXPECT_EQ(cell.at("status"), "ok") << cell.dump();
    EXPECT_GT(cell.at("metrics").at("requests_per_s").at("median").get<double>(), 0);
  }
  // The program ran on the runner's host, so it was measured from /proc there.
  EXPECT_TRUE(rbtest::cell_of(summary, "pyhttp").at("metrics").contains("server_cpu_s"));
  EXPECT_TRUE(hosts.pids(hosts.server_ns()).empty());
  EXPECT_TRUE(hosts.pids(hosts.client_ns()).empty());
}

}  // namespace
