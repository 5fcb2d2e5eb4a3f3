// The io-uring plugin's modes from newer kernels (defer_taskrun, registered_ring, bundle,
// incremental_buffers, submit = wait) and its buffer ring that grows: on a scripted exchange
// (one session, a block out, the same block back, kMessages times) each shows its count of
// SQEs, completions and io_uring_enter calls per message; every byte comes back in order,
// also after the ring ran dry; and a kernel older than a mode asks is refused naming it.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "../../support/capability.h"
#include "built_plugins.h"
#include "driven_client.h"
#include "io_uring_plugin.h"
#include "served_server.h"
#include "verified_pair.h"

namespace rb_test {
namespace {

constexpr uint32_t kBlock = 4096;
constexpr uint64_t kMessages = 50;

// Sends `block` while reading what comes back (a thread each way, so that neither side's
// buffers fill with no one reading); whether all of it came back in order.
bool EchoWhileSending(int fd, const std::string& block) {
  std::thread sender([&] {
    std::size_t sent = 0;
    while (sent < block.size()) {
      const ssize_t n = ::send(fd, block.data() + sent, block.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) return;
      sent += static_cast<std::size_t>(n);
    }
  });
  std::string back;
  char chunk[65536];
  while (back.size() < block.size()) {
    const ssize_t got = ::recv(fd, chunk, sizeof chunk, 0);
    if (got <= 0) break;
    back.append(chunk, static_cast<std::size_t>(got));
  }
  sender.join();
  return back == block;
}

ServerCalls EchoServer(uint32_t threads, const OptionPairs& options) {
  rb_pingpong_server_params params{};
  params.struct_size = sizeof params;
  params.threads = threads;
  params.block_size = kBlock;
  return CallsOf(*IoUringPlugin()->pingpong_server, params, options);
}

// The server's counters after one session's scripted exchange; empty (and the test skipped)
// where the kernel refuses the options.
std::map<std::string, uint64_t> ScriptedExchange(const OptionPairs& options, uint32_t threads) {
  ServedServer server(EchoServer(threads, options));
  if (server.prepare_rc() == RB_ERR_UNSUPPORTED) {
    ADD_FAILURE() << "refused on this kernel: " << server.prepare_error();
    return {};
  }
  EXPECT_EQ(server.prepare_rc(), RB_OK) << server.prepare_error();
  if (server.prepare_rc() != RB_OK) return {};
  const int fd = ConnectToLoopback(server.port());
  EXPECT_GE(fd, 0);
  EXPECT_TRUE(EchoBack(fd, Pattern(kBlock, 1), kMessages));
  ::close(fd);
  EXPECT_EQ(server.Stop(), RB_OK) << server.serve_error();
  auto counters = server.Counters();
  EXPECT_EQ(counters.at("bytes_written"), kMessages * kBlock);
  return counters;
}

const OptionPairs kRecvRing = {{"mode", "read"}, {"provided_buffers", "on"}, {"multishot", "on"}};

OptionPairs With(OptionPairs options, const OptionPairs& more) {
  options.insert(options.end(), more.begin(), more.end());
  return options;
}

// The io-uring echo server's counters after raw-epoll's client ran 100 sessions of 16 KiB
// blocks against it for 300 ms, every byte verified; empty, with the failure recorded, when the
// server could not start.
std::map<std::string, uint64_t> CountersAfterHundredSessions(const OptionPairs& options) {
  rb_pingpong_server_params params{};
  params.struct_size = sizeof params;
  params.threads = 1;
  params.block_size = 16384;
  ServedServer server(CallsOf(*IoUringPlugin()->pingpong_server, params, options));
  EXPECT_EQ(server.prepare_rc(), RB_OK) << server.prepare_error();
  if (server.prepare_rc() != RB_OK) return {};
  const ClientRun run = RunPingpongClient(*LoadBuiltPlugin("raw_epoll").pingpong_client,
                                          server.port(), {100, 1, 16384, 300}, {});
  EXPECT_EQ(run.run_rc, RB_OK) << run.error;
  if (run.run_rc == RB_OK) {
    EXPECT_EQ(run.counters.at("verify_mismatches"), 0u);
  }
  EXPECT_EQ(server.Stop(), RB_OK) << server.serve_error();
  return server.Counters();
}

// A multishot recv is posted once and never again: three SQEs for the whole exchange (the
// multishot accept, the stop poll, the recv), and beyond a completion per piece of data only
// the accept's, the end of stream's and the stop's.
TEST(IoUringKernelModes, AMultishotRecvIsPostedOnceForEveryMessage) {
  SKIP_WITHOUT_IO_URING();
  for (const auto& mode :
       {OptionPairs{}, OptionPairs{{"defer_taskrun", "on"}}, OptionPairs{{"registered_ring", "on"}},
        OptionPairs{{"bundle", "on"}}, OptionPairs{{"incremental_buffers", "on"}}}) {
    SCOPED_TRACE(mode.empty() ? "recv ring" : mode[0].first);
    const auto counters = ScriptedExchange(With(kRecvRing, mode), 1);
    if (counters.empty()) continue;
    EXPECT_EQ(counters.at("sqes_submitted"), 3u);
    EXPECT_EQ(counters.at("recv_reposts"), 0u);
    EXPECT_GE(counters.at("recv_completions"), kMessages);
    EXPECT_EQ(counters.at("cqes_reaped"), counters.at("recv_completions") + 3);
    EXPECT_EQ(counters.at("buffer_ring_empty"), 0u);
    EXPECT_EQ(counters.at("bundle_misorders"), 0u);
    // Every enter but the set-up's submit a wait. With defer_taskrun a completion is posted
    // only while the loop waits: a wait per message at least. Without, the kernel may post
    // the next one during the echo's send(2), and the loop finds it without entering.
    EXPECT_LE(counters.at("enter_calls"), counters.at("loop_iterations") + 1);
    if (!mode.empty() && mode[0].first == "defer_taskrun") {
      EXPECT_GE(counters.at("enter_calls"), kMessages);
    }
  }
}

// submit = wait: the recv each message re-posts goes with the next wait, so no enter but the
// set-up's is a submit of its own; batch = 1 submits each at once, an enter per SQE besides
// the waits (a wait that finds a completion ready does not enter).
TEST(IoUringKernelModes, SubmitAtTheWaitEntersOncePerPass) {
  SKIP_WITHOUT_IO_URING();
  const OptionPairs recv = {{"mode", "read"}, {"batch", "1"}};
  const auto each = ScriptedExchange(recv, 1);
  const auto at_wait = ScriptedExchange(With(recv, {{"submit", "wait"}}), 1);
  if (each.empty() || at_wait.empty()) return;
  EXPECT_GE(each.at("sqes_submitted"), kMessages);
  EXPECT_GE(at_wait.at("sqes_submitted"), kMessages);
  EXPECT_GT(each.at("enter_calls"), each.at("loop_iterations") + 1);
  EXPECT_GE(each.at("enter_calls"), each.at("sqes_submitted"));  // an enter per SQE
  EXPECT_LE(at_wait.at("enter_calls"), at_wait.at("loop_iterations") + 1);
}

// A ring of few buffers and many connections sending at once: the ring runs dry, grows, and
// every connection's bytes come back whole and in order.
TEST(IoUringKernelModes, ADrainedBufferRingRecoversWithoutLosingOrReorderingBytes) {
  SKIP_WITHOUT_IO_URING();
  constexpr int kConnections = 16;
  constexpr std::size_t kBurst = 1024 * 1024;
  for (const auto& mode :
       {OptionPairs{}, OptionPairs{{"bundle", "on"}}, OptionPairs{{"incremental_buffers", "on"}},
        OptionPairs{{"defer_taskrun", "on"}}, OptionPairs{{"ring_size", "demand"}}}) {
    SCOPED_TRACE(mode.empty() ? "recv ring" : mode[0].first);
    ::setenv("RB_IO_URING_RING_BUFFERS", "64", 1);
    ServedServer server(EchoServer(1, With(kRecvRing, mode)));
    ::unsetenv("RB_IO_URING_RING_BUFFERS");
    ASSERT_EQ(server.prepare_rc(), RB_OK) << server.prepare_error();
    std::vector<int> fds;
    for (int i = 0; i < kConnections; ++i) fds.push_back(ConnectToLoopback(server.port()));
    std::vector<std::thread> senders;
    std::vector<int> intact(kConnections, 0);
    for (int i = 0; i < kConnections; ++i)
      senders.emplace_back([&, i] { intact[i] = EchoWhileSending(fds[i], Pattern(kBurst, i)); });
    for (auto& sender : senders) sender.join();
    for (int i = 0; i < kConnections; ++i) {
      EXPECT_TRUE(intact[i]) << "connection " << i;
      ::close(fds[i]);
    }
    ASSERT_EQ(server.Stop(), RB_OK) << server.serve_error();
    const auto counters = server.Counters();
    EXPECT_EQ(counters.at("bytes_written"), uint64_t{kConnections} * kBurst);
    EXPECT_GT(counters.at("buffer_ring_empty"), 0u);
    EXPECT_GT(counters.at("buffer_ring_grown"), 0u);
    EXPECT_GT(counters.at("buffer_ring_buffers"), 64u);
    EXPECT_GE(counters.at("recv_reposts"), counters.at("buffer_ring_empty"));
    EXPECT_EQ(counters.at("bundle_misorders"), 0u);
  }
}

// A ring grown on demand doubles once per empty spell, not once per recv that met it: 100
// sessions of 16 KiB blocks against a ring of 16 end many recvs in one pass (without
// defer_taskrun the kernel posts them while the loop replies), and doubling for each took the
// ring to its 8,192 slots. At most two pieces of each session's block are in flight: a ring of
// at most 512 buffers, however the spells fall.
TEST(IoUringKernelModes, ARingThatRunsDryDoublesOncePerSpell) {
  SKIP_WITHOUT_IO_URING();
  const auto counters = CountersAfterHundredSessions(kRecvRing);
  if (counters.empty()) return;
  EXPECT_LE(counters.at("buffer_ring_buffers"), 512u);
  EXPECT_LE(counters.at("buffer_ring_grown"), counters.at("buffer_ring_empty"));
  EXPECT_EQ(counters.at("bytes_read"), counters.at("bytes_written"));
}

// ring_size = demand keeps the ring at what the traffic needs, not at the connections: with
// 32 connections and one message in flight at a time the ring stays at its first 16 buffers
// (never empty), where ring_size = connections provides twice the connections.
TEST(IoUringKernelModes, ADemandSizedRingHoldsWhatTheTrafficNeedsNotTheConnections) {
  SKIP_WITHOUT_IO_URING();
  constexpr int kConnections = 32;
  std::map<std::string, std::map<std::string, uint64_t>> counters_by_size;
  for (const char* size : {"connections", "demand"}) {
    SCOPED_TRACE(size);
    ServedServer server(EchoServer(1, With(kRecvRing, {{"ring_size", size}})));
    ASSERT_EQ(server.prepare_rc(), RB_OK) << server.prepare_error();
    std::vector<int> fds;
    for (int i = 0; i < kConnections; ++i) fds.push_back(ConnectToLoopback(server.port()));
    for (uint64_t round = 0; round < 4; ++round)
      for (int i = 0; i < kConnections; ++i)
        EXPECT_TRUE(EchoBack(fds[i], Pattern(kBlock, i), 1)) << "connection " << i;
    for (const int fd : fds) ::close(fd);
    ASSERT_EQ(server.Stop(), RB_OK) << server.serve_error();
    counters_by_size[size] = server.Counters();
  }
  EXPECT_EQ(counters_by_size["demand"].at("buffer_ring_buffers"), 16u);
  EXPECT_EQ(counters_by_size["demand"].at("buffer_ring_empty"), 0u);
  EXPECT_EQ(counters_by_size["demand"].at("bytes_written"), uint64_t{kConnections} * 4 * kBlock);
  EXPECT_GE(counters_by_size["connections"].at("buffer_ring_buffers"), 2u * kConnections);
}

// A reap pass handles what was ready when it began. Without defer_taskrun the kernel posts
// completions during the pass's own send(2)s; a pass that followed them kept the completion
// queue's head still until the queue overflowed (638 completions in one pass at 100 sessions,
// 4096 and ended multishot recvs at 1000). With each of 100 sessions one block in flight, a
// pass holds at most two pieces of each block and the accept's and stop's completions. The
// ring is sized to the connections, so that no recv ends for want of a buffer either (a ring
// grown on demand, the default, ends and re-posts a few while it grows).
TEST(IoUringKernelModes, AReapPassHandlesOnlyWhatWasReadyWhenItBegan) {
  SKIP_WITHOUT_IO_URING();
  const auto counters =
      CountersAfterHundredSessions(With(kRecvRing, {{"ring_size", "connections"}}));
  if (counters.empty()) return;
  EXPECT_LE(counters.at("most_cqes_in_pass"), 2 * 100u + 4);
  EXPECT_EQ(counters.at("recv_reposts"), 0u);
  EXPECT_EQ(counters.at("cq_overflows"), 0u);
}

// ring_size = connections: whole buffers are sized to the connections (two each) as they come.
TEST(IoUringKernelModes, TheBufferRingGrowsWithTheConnections) {
  SKIP_WITHOUT_IO_URING();
  ServedServer server(EchoServer(1, With(kRecvRing, {{"ring_size", "connections"}})));
  ASSERT_EQ(server.prepare_rc(), RB_OK) << server.prepare_error();
  std::vector<int> fds;
  for (int i = 0; i < 200; ++i) fds.push_back(ConnectToLoopback(server.port()));
  // The last one echoed: the listener accepts in order, so every connection was taken.
  for (const int i : {0, 100, 199}) EXPECT_TRUE(EchoBack(fds[i], Pattern(kBlock, i), 1));
  for (const int fd : fds) ::close(fd);
  ASSERT_EQ(server.Stop(), RB_OK) << server.serve_error();
  const auto counters = server.Counters();
  EXPECT_EQ(counters.at("connections"), 200u);
  EXPECT_GE(counters.at("buffer_ring_buffers"), 400u);
  EXPECT_EQ(counters.at("buffer_ring_empty"), 0u);
}

// Both directions verified byte for byte with every mode on, against raw-epoll's other half.
TEST(IoUringKernelModes, EveryModeOnVerifiesAgainstRawEpoll) {
  SKIP_WITHOUT_IO_URING();
  for (const auto& buffers :
       {OptionPairs{{"bundle", "on"}}, OptionPairs{{"incremental_buffers", "on"}}}) {
    const OptionPairs all = With(With(kRecvRing, buffers), {{"defer_taskrun", "on"},
                                                            {"registered_ring", "on"},
                                                            {"submit", "wait"},
                                                            {"fixed_files", "on"}});
    SCOPED_TRACE(buffers[0].first);
    ExpectVerifiedPair({*IoUringPlugin()->pingpong_server, all, true},
                       {*LoadBuiltPlugin("raw_epoll").pingpong_client, {}}, 2);
    OptionPairs client = all;
    std::erase_if(client, [](const auto& pair) { return pair.first == "fixed_files"; });
    ExpectVerifiedPair({*LoadBuiltPlugin("raw_epoll").pingpong_server, {}},
                       {*IoUringPlugin()->pingpong_client, client, true}, 2);
  }
}

constexpr uint32_t kLargeBlock = 16384;  // above the zero-copy threshold (8 KiB)

// send_zc = on: every zero-copy send's notification came (its buffer was held until then),
// and some sends went zero-copy.
void ExpectANotificationPerZeroCopySend(const std::map<std::string, uint64_t>& counters) {
  EXPECT_GT(counters.at("send_zc_sends"), 0u);
  EXPECT_EQ(counters.at("send_zc_notifications"), counters.at("send_zc_sends"));
}

// Echo replies of 8 KiB and more go out zero-copy, one in flight per connection and the rest
// queued behind it: blocks one at a time, then a megabyte sent while reading, come back whole
// and in order, with readiness and with the recv ring.
TEST(IoUringKernelModes, ZeroCopyRepliesComeBackInOrderWithANotificationEach) {
  SKIP_WITHOUT_IO_URING();
  constexpr std::size_t kBurst = 1024 * 1024;
  for (const auto& input : {OptionPairs{}, kRecvRing}) {
    SCOPED_TRACE(input.empty() ? "mode = poll" : "recv ring");
    rb_pingpong_server_params params{};
    params.struct_size = sizeof params;
    params.threads = 1;
    params.block_size = kLargeBlock;
    ServedServer server(
        CallsOf(*IoUringPlugin()->pingpong_server, params, With(input, {{"send_zc", "on"}})));
    ASSERT_EQ(server.prepare_rc(), RB_OK) << server.prepare_error();
    const int fd = ConnectToLoopback(server.port());
    ASSERT_GE(fd, 0);
    EXPECT_TRUE(EchoBack(fd, Pattern(kLargeBlock, 3), kMessages));
    EXPECT_TRUE(EchoWhileSending(fd, Pattern(kBurst, 4)));
    ::close(fd);
    ASSERT_EQ(server.Stop(), RB_OK) << server.serve_error();
    const auto counters = server.Counters();
    EXPECT_EQ(counters.at("bytes_written"), kMessages * kLargeBlock + kBurst);
    ExpectANotificationPerZeroCopySend(counters);
  }
}

// The client's blocks and echoes zero-copy too, against a zero-copy server: every byte the
// client reads is verified.
TEST(IoUringKernelModes, AZeroCopyClientAndServerVerifyEveryByte) {
  SKIP_WITHOUT_IO_URING();
  const OptionPairs zero_copy = {{"send_zc", "on"}};
  rb_pingpong_server_params params{};
  params.struct_size = sizeof params;
  params.threads = 1;
  params.block_size = kLargeBlock;
  ServedServer server(CallsOf(*IoUringPlugin()->pingpong_server, params, zero_copy));
  ASSERT_EQ(server.prepare_rc(), RB_OK) << server.prepare_error();
  const ClientRun run = RunPingpongClient(*IoUringPlugin()->pingpong_client, server.port(),
                                          {4, 1, kLargeBlock, 200}, zero_copy);
  ASSERT_EQ(run.run_rc, RB_OK) << run.error;
  ASSERT_EQ(server.Stop(), RB_OK) << server.serve_error();
  EXPECT_EQ(run.counters.at("sessions_completed"), 4u);
  EXPECT_EQ(run.counters.at("verify_mismatches"), 0u);
  EXPECT_GE(run.counters.at("bytes_read"), 4u * kLargeBlock);
  EXPECT_EQ(run.counters.at("verified_bytes"), run.counters.at("bytes_read"));
  const auto served = server.Counters();
  EXPECT_EQ(served.at("bytes_written"), served.at("bytes_read"));
  EXPECT_EQ(run.counters.at("bytes_read"), served.at("bytes_written"));
  ExpectANotificationPerZeroCopySend(run.counters);
  ExpectANotificationPerZeroCopySend(served);
}

struct OlderKernel {
  const char* option;
  const char* linux_release; /* one before the release that brought it */
  const char* named;         /* in the refusal */
};

// Each mode on a kernel that predates it (the probe told so): RB_ERR_UNSUPPORTED, naming it.
TEST(IoUringKernelModes, AKernelOlderThanAModeRefusesItNamingIt) {
  SKIP_WITHOUT_IO_URING();
  for (const OlderKernel older :
       {OlderKernel{"defer_taskrun", "6.0", "defer_taskrun = on"},
        OlderKernel{"registered_ring", "5.17", "registered_ring = on"},
        OlderKernel{"bundle", "6.9", "bundle = on"},
        OlderKernel{"incremental_buffers", "6.11", "incremental_buffers = on"},
        OlderKernel{"send_zc", "5.19", "send_zc = on"}}) {
    SCOPED_TRACE(older.option);
    ::setenv("RB_IO_URING_PRETEND_LINUX", older.linux_release, 1);
    ServedServer server(
        EchoServer(1, {{"mode", "read"}, {"provided_buffers", "on"}, {older.option, "on"}}));
    ::unsetenv("RB_IO_URING_PRETEND_LINUX");
    EXPECT_EQ(server.prepare_rc(), RB_ERR_UNSUPPORTED) << server.prepare_error();
    EXPECT_NE(server.prepare_error().find(older.named), std::string::npos)
        << server.prepare_error();
    EXPECT_NE(server.prepare_error().find(std::string("Linux ") + older.linux_release),
              std::string::npos)
        << server.prepare_error();
  }
}

TEST(IoUringKernelModes, ModesThatDoNotFitTogetherAreRefusedNamingThem) {
  SKIP_WITHOUT_IO_URING();
  ServedServer without_ring(EchoServer(1, {{"mode", "read"}, {"bundle", "on"}}));
  EXPECT_EQ(without_ring.prepare_rc(), RB_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(without_ring.prepare_error(),
            "bundle = on needs mode = read and provided_buffers = on (it shapes the buffer ring a "
            "recv takes its buffers from)");
  ServedServer demand_without_ring(EchoServer(1, {{"mode", "read"}, {"ring_size", "demand"}}));
  EXPECT_EQ(demand_without_ring.prepare_rc(), RB_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(demand_without_ring.prepare_error(),
            "ring_size needs mode = read and provided_buffers = on (it shapes the buffer ring a "
            "recv takes its buffers from)");
  ServedServer both(
      EchoServer(1, With(kRecvRing, {{"bundle", "on"}, {"incremental_buffers", "on"}})));
  EXPECT_EQ(both.prepare_rc(), RB_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(both.prepare_error(),
            "bundle = on and incremental_buffers = on cannot be combined: a bundle would start "
            "inside a partly consumed buffer");
  ServedServer sqpoll(EchoServer(1, {{"sqpoll", "on"}, {"defer_taskrun", "on"}}));
  EXPECT_EQ(sqpoll.prepare_rc(), RB_ERR_INVALID_ARGUMENT);
  EXPECT_EQ(sqpoll.prepare_error(),
            "defer_taskrun = on and sqpoll = on together: the kernel's DEFER_TASKRUN runs "
            "completions on the submitting thread, which SQPOLL's kernel thread is not");
}

}  // namespace
}  // namespace rb_test
