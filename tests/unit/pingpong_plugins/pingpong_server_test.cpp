// Every pingpong echo server in the plugin directory, as the host drives it (ServedServer):
// prepare on a listening socket bound on 127.0.0.1:0 with an eventfd as stop_fd, serve on its
// own thread, blocking clients, then stop, join and counters.
#include <gtest/gtest.h>

#include <sys/socket.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "built_plugins.h"
#include "connection_crowd.h"
#include "served_server.h"
#include "unread_sender.h"

namespace rb_test {
namespace {

struct PingpongCase {
  std::string path;
  std::string name;  // usable in a test name, e.g. "libuv_threads2"
  uint32_t threads = 1;
};

void PrintTo(const PingpongCase& pingpong_case, std::ostream* out) {
  *out << pingpong_case.name;
}

std::vector<PingpongCase> AllPingpongCases() {
  std::vector<PingpongCase> cases;
  for (const std::string& path : PluginPathsOffering("pingpong_server")) {
    for (const uint32_t threads : {1u, 2u})
      cases.push_back({path, TestNameOf(path) + "_threads" + std::to_string(threads), threads});
  }
  return cases;
}

constexpr uint32_t kBlockSize = 64 * 1024;

// kBlockSize bytes that differ from one offset to the next, so a lost or reordered byte shows.
std::string Block() {
  std::string block(kBlockSize, '\0');
  for (std::size_t i = 0; i < block.size(); ++i) block[i] = static_cast<char>(i * 7 + i / 251);
  return block;
}

// Reads exactly n bytes; throws if the server closes first or the receive times out.
std::string ReadExactly(int fd, std::size_t n) {
  std::string bytes;
  char chunk[65536];
  while (bytes.size() < n) {
    const ssize_t got = ::recv(fd, chunk, std::min(sizeof chunk, n - bytes.size()), 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0)
      throw std::runtime_error("echo ended after " + std::to_string(bytes.size()) + " of " +
                               std::to_string(n) +
                               " bytes: " + (got == 0 ? "closed" : std::strerror(errno)));
    bytes.append(chunk, static_cast<std::size_t>(got));
  }
  return bytes;
}

class PingpongServerTest : public ::testing::TestWithParam<PingpongCase> {
 protected:
  void StartServer() {
    const rb_pingpong_server_ops* ops = LoadPlugin(GetParam().path).pingpong_server;
    rb_pingpong_server_params params{};
    params.struct_size = sizeof params;
    params.threads = GetParam().threads;
    params.block_size = kBlockSize;
    server_ = std::make_unique<ServedServer>(CallsOf(*ops, params, {}));
    ASSERT_EQ(server_->prepare_rc(), RB_OK) << server_->prepare_error();
  }

  std::unique_ptr<ServedServer> server_;
};

TEST_P(PingpongServerTest, EchoesEveryBlockInOrder) {
  ASSERT_NO_FATAL_FAILURE(StartServer());
  const std::string block = Block();
  {
    const rbtest::UniqueFd client = rbtest::connect_loopback(server_->port(), 20);
    for (int i = 0; i < 3; ++i) {
      SendAll(client.get(), block, "a block");
      EXPECT_EQ(ReadExactly(client.get(), block.size()), block) << "block " << i;
    }
  }
  ASSERT_EQ(server_->Stop(), RB_OK) << server_->serve_error();
  const auto counters = server_->Counters();
  EXPECT_EQ(counters.at("connections"), 1u);
  EXPECT_EQ(counters.at("bytes_read"), 3u * kBlockSize);
  EXPECT_EQ(counters.at("bytes_written"), 3u * kBlockSize);
}

// A client that sends and never reads its echoes costs the server a bounded amount of memory
// (issue 14, item 10): once a connection's echo waits above the server's high-water mark the
// server stops reading from it, so the client's sends stall long before the cap, where a
// server reading on would by then hold the whole cap in memory. Once the client reads, the
// server resumes and echoes every byte.
TEST_P(PingpongServerTest, AClientThatSendsAndNeverReadsIsStoppedNotBuffered) {
  constexpr std::size_t kCap = 64 << 20;
  constexpr long kMemoryBound = 32 << 20;
  ASSERT_NO_FATAL_FAILURE(StartServer());
  const PeakMemoryGrowth growth;
  const std::string block = Block();
  std::size_t taken = 0;
  {
    UnreadSender client(server_->port(), block);
    taken = client.SendUntilStalled(kCap);
    RecordProperty("bytes_taken", std::to_string(taken));
    RecordProperty("memory_growth", std::to_string(growth.bytes()));
    EXPECT_LT(taken, kCap) << "the server read on while its echoes were not read";
    EXPECT_TRUE(growth.below(kMemoryBound))
        << growth.bytes() << " bytes more after the server took " << taken << " bytes";
    std::string echoed = ReadExactly(client.fd(), taken);
    for (std::size_t at = 0; at < taken; at += block.size())
      ASSERT_EQ(echoed.compare(at, block.size(), block, 0, std::min(block.size(), taken - at)), 0)
          << "at byte " << at;
  }
  ASSERT_EQ(server_->Stop(), RB_OK) << server_->serve_error();
  const auto counters = server_->Counters();
  EXPECT_EQ(counters.at("bytes_read"), taken);
  EXPECT_EQ(counters.at("bytes_written"), taken);
}

// A server out of file descriptors (issue 14, item 9) keeps serving: with this process's table
// full but for a few descriptors, a crowd of connections from another process makes accept fail
// with EMFILE; the excess is refused (closed at once) and counted, the connections it took
// are echoed, and once the crowd has gone a new client is echoed and serve ends cleanly.
TEST_P(PingpongServerTest, OutOfFileDescriptorsRefusesTheExcessAndServesOn) {
  constexpr int kCrowd = 40;
  constexpr rlim_t kHeadroom = 8;
  ASSERT_NO_FATAL_FAILURE(StartServer());
  const std::string block = Block();
  {  // whatever the server opens lazily, it opens now
    const rbtest::UniqueFd first = rbtest::connect_loopback(server_->port(), 20);
    SendAll(first.get(), block, "a block");
    EXPECT_EQ(ReadExactly(first.get(), block.size()), block);
  }
  // A crowd the server answers as fast as it arrives may never find it out of descriptors:
  // up to three crowds, until one is refused something.
  int refused = 0;
  for (int crowd_number = 0; crowd_number < 3 && refused == 0; ++crowd_number) {
    CrowdOutcome crowd;
    ASSERT_NO_THROW(crowd = RunConnectionCrowdOutOfDescriptors(server_->port(), kCrowd, kHeadroom));
    EXPECT_EQ(crowd.served + crowd.refused, kCrowd);
    refused += crowd.refused;
  }
  EXPECT_GT(refused, 0);
  {
    const rbtest::UniqueFd after = rbtest::connect_loopback(server_->port(), 20);
    SendAll(after.get(), block, "a block");
    EXPECT_EQ(ReadExactly(after.get(), block.size()), block);
  }
  ASSERT_EQ(server_->Stop(), RB_OK) << server_->serve_error();
  const auto counters = server_->Counters();
  ASSERT_EQ(counters.count("accept_refused"), 1u) << "no counter accept_refused";
  EXPECT_GT(counters.at("accept_refused"), 0u);
  EXPECT_LE(counters.at("accept_refused"), static_cast<uint64_t>(refused));
}

std::string CaseName(const ::testing::TestParamInfo<PingpongCase>& info) {
  return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(PluginDir, PingpongServerTest, ::testing::ValuesIn(AllPingpongCases()),
                         CaseName);

}  // namespace
}  // namespace rb_test
