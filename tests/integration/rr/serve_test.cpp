// `runner serve`: real HTTP clients against each plugin's rr server. ab (keep-alive and
// HTTP/1.0 close-per-request) and wrk must see only 200s, a malformed request gets 400, and
// Ctrl-C stops the server with its counters printed.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "serve_process.h"

namespace {

using rbtest::ScratchDir;
using rbtest::ServeProcess;
using rbtest::shell;

std::uint64_t number_after(const std::string& text, const std::string& pattern) {
  std::smatch match;
  if (!std::regex_search(text, match, std::regex(pattern))) return UINT64_MAX;
  return std::stoull(match[1]);
}

// Sends raw bytes on a fresh connection and returns everything until the server closes.
std::string exchange(int port, const std::string& bytes) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  timeval timeout{5, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  std::string reply;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      ::write(fd, bytes.data(), bytes.size()) == static_cast<ssize_t>(bytes.size())) {
    char buffer[4096];
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;)
      reply.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return reply;
}

class ServeWithRealClients : public ::testing::TestWithParam<const char*> {};

TEST_P(ServeWithRealClients, AbAndWrkGetOnlyOks) {
  ScratchDir dir;
  ServeProcess serve(dir, {"--plugin", GetParam(), "--threads", "2"});
  ASSERT_GT(serve.port(), 0) << serve.out() << serve.err();
  const std::string url = fmt::format("http://127.0.0.1:{}/", serve.port());

  const auto keep_alive = shell(fmt::format("ab -k -n 2000 -c 20 -s 10 {}", url));
  ASSERT_EQ(keep_alive.status, 0) << keep_alive.output;
  EXPECT_EQ(number_after(keep_alive.output, R"(Complete requests:\s+(\d+))"), 2000u)
      << keep_alive.output;
  EXPECT_EQ(number_after(keep_alive.output, R"(Failed requests:\s+(\d+))"), 0u);
  EXPECT_EQ(number_after(keep_alive.output, R"(Keep-Alive requests:\s+(\d+))"), 2000u);
  EXPECT_EQ(keep_alive.output.find("Non-2xx"), std::string::npos) << keep_alive.output;

  // Without -k ab speaks HTTP/1.0 and waits for the close after each response.
  const auto one_per_connection = shell(fmt::format("ab -n 300 -c 10 -s 10 {}", url));
  ASSERT_EQ(one_per_connection.status, 0) << one_per_connection.output;
  EXPECT_EQ(number_after(one_per_connection.output, R"(Complete requests:\s+(\d+))"), 300u);
  EXPECT_EQ(number_after(one_per_connection.output, R"(Failed requests:\s+(\d+))"), 0u);
  EXPECT_EQ(one_per_connection.output.find("Non-2xx"), std::string::npos);

  const auto wrk = shell(fmt::format("wrk -t 1 -c 16 -d 1s {}", url));
  ASSERT_EQ(wrk.status, 0) << wrk.output;
  const std::uint64_t wrk_requests = number_after(wrk.output, R"((\d+) requests in)");
  EXPECT_GT(wrk_requests, 0u) << wrk.output;
  EXPECT_EQ(wrk.output.find("Non-2xx"), std::string::npos) << wrk.output;
  EXPECT_EQ(wrk.output.find("Socket errors"), std::string::npos) << wrk.output;

  const std::string bad = exchange(serve.port(), "GET / HTTP/1.1\r\nHost x\r\n\r\n");
  EXPECT_TRUE(bad.starts_with("HTTP/1.1 400")) << bad;

  EXPECT_EQ(serve.interrupt_and_wait(), 0) << serve.err();
  const std::string out = serve.out();
  EXPECT_GE(number_after(out, R"(\n\s*requests\s+(\d+))"), 2300u + wrk_requests) << out;
  EXPECT_EQ(number_after(out, R"(\n\s*bad_requests\s+(\d+))"), 1u) << out;
}

INSTANTIATE_TEST_SUITE_P(Plugins, ServeWithRealClients,
                         ::testing::Values("raw-epoll", "libevent2", "muduo", "libev", "libuv",
                                           "asio-callback", "asio-coroutine"),
                         [](const auto& info) {
                           std::string name = info.param;
                           std::erase(name, '-');
                           return name;
                         });

// --cpus pins the server as a run pins a cell's server, and the first line says so (a client
// on the server's CPU measures another server than the cells did); without it, the line says
// that it is not pinned and how to pin it.
TEST(Serve, CpusPinsTheServerAndTheFirstLineSaysSo) {
  ScratchDir dir;
  ServeProcess pinned(dir, {"--plugin", "raw-epoll", "--cpus", "0"});
  ASSERT_GT(pinned.port(), 0) << pinned.out() << pinned.err();
  EXPECT_TRUE(exchange(pinned.port(), "GET / HTTP/1.0\r\n\r\n").starts_with("HTTP/1."));
  EXPECT_EQ(pinned.interrupt_and_wait(), 0) << pinned.err();
  EXPECT_NE(pinned.out().find(", pinned to CPU 0; Ctrl-C to stop"), std::string::npos)
      << pinned.out();
  ScratchDir other;
  ServeProcess unpinned(other, {"--plugin", "raw-epoll"});
  ASSERT_GT(unpinned.port(), 0) << unpinned.out() << unpinned.err();
  EXPECT_EQ(unpinned.interrupt_and_wait(), 0) << unpinned.err();
  EXPECT_NE(unpinned.out().find("not pinned: --cpus N pins it as a run's cells are pinned"),
            std::string::npos)
      << unpinned.out();
}

TEST(Serve, CpusOutsideTheAllowedOnesAreRefused) {
  auto r = rbtest::run_runner({"serve", "--plugin", "raw-epoll", "--workload", "rr", "--cpus",
                               "4095", "--listen", "127.0.0.1:0"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--cpus '4095': CPU 4095 is not one this process may run on (it may use "),
            std::string::npos)
      << r.err;
  r = rbtest::run_runner({"serve", "--plugin", "raw-epoll", "--workload", "rr", "--cpus", "1-x",
                          "--listen", "127.0.0.1:0"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--cpus '1-x': 'x' is not a CPU number: give CPUs as 2, 2,3 or 0-1"),
            std::string::npos)
      << r.err;
}

// Another user plants a symlink where the server's log used to go ($TMPDIR/
// reactorbench-serve-<pid>.log) for the pid serve gets: serve neither truncates nor writes
// the target, serves, and leaves nothing of its own in TMPDIR once stopped.
TEST(Serve, ASymlinkPlantedInTmpdirIsNeverFollowed) {
  ScratchDir dir;
  ScratchDir tmpdir;
  const auto victim = tmpdir.write("victim", "precious\n");
  std::filesystem::path planted;
  ServeProcess serve(dir, {"--plugin", "raw-epoll"},
                     {tmpdir.path().string(), [&](pid_t pid) {
                        planted = tmpdir.path() / fmt::format("reactorbench-serve-{}.log", pid);
                        std::filesystem::create_symlink(victim, planted);
                      }});
  ASSERT_GT(serve.port(), 0) << serve.out() << serve.err();
  EXPECT_TRUE(exchange(serve.port(), "GET / HTTP/1.0\r\n\r\n").starts_with("HTTP/1."));
  EXPECT_EQ(serve.interrupt_and_wait(), 0) << serve.err();
  std::ifstream in(victim);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "precious\n");
  std::vector<std::string> left;
  for (const auto& entry : std::filesystem::directory_iterator(tmpdir.path()))
    left.push_back(entry.path().filename().string());
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{planted.filename().string(), "victim"}));
}

std::vector<std::string> entries_of(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    names.push_back(entry.path().filename().string());
  return names;
}

// Issue 31: SIGHUP (a closed terminal) killed serve and left its reactorbench-serve-* directory
// in TMPDIR; now it stops the server as Ctrl-C does.
TEST(Serve, AHangupStopsTheServerAndLeavesNothingInTmpdir) {
  ScratchDir dir;
  ScratchDir tmpdir;
  ServeProcess serve(dir, {"--plugin", "raw-epoll"}, {tmpdir.path().string()});
  ASSERT_GT(serve.port(), 0) << serve.out() << serve.err();
  EXPECT_EQ(entries_of(tmpdir.path()).size(), 1u);  // its private directory, while it serves
  EXPECT_EQ(serve.signal_and_wait(SIGHUP), 0) << serve.err();
  EXPECT_TRUE(rbtest::contains(serve.err(), "stopping the server")) << serve.err();
  EXPECT_EQ(entries_of(tmpdir.path()), std::vector<std::string>{});
}

// Issue 31: a stdout nobody reads killed serve with SIGPIPE (its directory left behind); now
// the write fails, serve says why it stops, stops the server and removes its directory.
TEST(Serve, AClosedStdoutStopsTheServerAndLeavesNothingInTmpdir) {
  ScratchDir dir;
  ScratchDir tmpdir;
  rbtest::ServeLaunch launch{tmpdir.path().string()};
  launch.stdout_closed = true;
  ServeProcess serve(dir, {"--plugin", "raw-epoll"}, launch);
  EXPECT_TRUE(serve.ended()) << serve.err();
  EXPECT_TRUE(rbtest::contains(serve.err(), "standard output is closed: stopping the server"))
      << serve.err();
  EXPECT_EQ(entries_of(tmpdir.path()), std::vector<std::string>{});
}

// The runner run with args exits 2 (a usage error) with a message that says `says`.
::testing::AssertionResult RefusedAsUsageError(const std::vector<std::string>& args,
                                               const std::string& says) {
  const auto result = rbtest::run_runner(args);
  if (result.exit_code != 2)
    return ::testing::AssertionFailure() << "exit code " << result.exit_code << ": " << result.err;
  if (result.err.find(says) == std::string::npos)
    return ::testing::AssertionFailure()
           << "the error does not say '" << says << "': " << result.err;
  return ::testing::AssertionSuccess();
}

TEST(Serve, AnUnknownPluginIsAUsageErrorNamingIt) {
  EXPECT_TRUE(RefusedAsUsageError(
      {"serve", "--plugin", "no-such-plugin", "--workload", "rr", "--listen", "127.0.0.1:0"},
      "no-such-plugin"));
}

TEST(Serve, APluginWithoutAnRrServerIsRefused) {
  EXPECT_TRUE(RefusedAsUsageError(
      {"serve", "--plugin", "condvar-queue", "--workload", "rr", "--listen", "127.0.0.1:0"},
      "does not offer the rr server"));
}

TEST(Serve, ABadListenAddressSaysWhatIsWrong) {
  EXPECT_TRUE(RefusedAsUsageError(
      {"serve", "--plugin", "raw-epoll", "--workload", "rr", "--listen", "localhost:80"},
      "not a numeric IPv4 address"));
}

TEST(Serve, AWorkloadWithoutAServerIsRefusedNamingTheOnesWithOne) {
  EXPECT_TRUE(RefusedAsUsageError({"serve", "--plugin", "raw-epoll", "--workload", "flower"},
                                  "--workload: flower not in {pingpong,rr}"));
}

TEST(Serve, AnAxisTheServerDoesNotReadIsRefusedNamingTheOnesItReads) {
  EXPECT_TRUE(RefusedAsUsageError({"serve", "--plugin", "raw-epoll", "--workload", "pingpong",
                                   "--listen", "127.0.0.1:0", "--set", "sessions=4"},
                                  "the pingpong server does not read axis 'sessions' (it reads "
                                  "threads, block_size)"));
  EXPECT_TRUE(RefusedAsUsageError({"serve", "--plugin", "raw-epoll", "--workload", "rr", "--listen",
                                   "127.0.0.1:0", "--threads", "0"},
                                  "axis 'threads'"));
  EXPECT_TRUE(RefusedAsUsageError({"serve", "--plugin", "raw-epoll", "--workload", "rr", "--listen",
                                   "127.0.0.1:0", "--threads", "2.5"},
                                  "--threads: '2.5' is not a whole number"));
}

}  // namespace
