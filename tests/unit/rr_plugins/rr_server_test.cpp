// Every rr server in the plugin directory (rr_cases.h), as the host drives it: prepare on a
// listening socket bound on 127.0.0.1:0 with an eventfd as stop_fd, serve on its own thread,
// blocking clients, then stop, join and exact counters.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <exception>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "connection_crowd.h"
#include "http_client.h"
#include "response_checks.h"
#include "rr_cases.h"
#include "served_rr_server.h"
#include "unread_sender.h"

namespace rb_test {
namespace {

const std::string kGet = "GET / HTTP/1.1\r\nHost: test\r\n\r\n";
const std::string kGetThenClose = "GET /last HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n";
const std::string kGet10 = "GET / HTTP/1.0\r\n\r\n";
const std::string kGet10KeepAlive = "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n";
// A field line without a colon: every HTTP parser rejects it while reading the head.
const std::string kMalformed = "GET / HTTP/1.1\r\nHost: test\r\nBad Header\r\n\r\n";
// Well-formed, but not what the rr workload serves: rejected after parsing.
const std::string kWithoutHost = "GET / HTTP/1.1\r\n\r\n";
const std::string kPost = "POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 0\r\n\r\n";

// Entries of a /proc/self directory: open fds or threads.
std::size_t CountEntries(const char* directory) {
  std::size_t count = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(directory)) ++count;
  return count;
}

// A joined thread may linger in /proc/self/task for a moment after pthread_join returns.
std::size_t SettledThreadCount(std::size_t expected) {
  std::size_t threads = CountEntries("/proc/self/task");
  for (int i = 0; i < 100 && threads != expected; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    threads = CountEntries("/proc/self/task");
  }
  return threads;
}

// Reads until the server closes, counting the 200 status lines wherever reads split them.
uint64_t CountOksUntilEof(int fd) {
  static const std::string kOk = "200 OK\r\n";
  uint64_t oks = 0;
  std::string tail;
  char chunk[65536];
  for (;;) {
    const ssize_t n = ::recv(fd, chunk, sizeof chunk, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw std::runtime_error(std::string("recv: ") + std::strerror(errno));
    if (n == 0) return oks;
    tail.append(chunk, static_cast<std::size_t>(n));
    for (auto at = tail.find(kOk); at != std::string::npos; at = tail.find(kOk, at + 1)) ++oks;
    tail.erase(0, tail.size() - std::min(tail.size(), kOk.size() - 1));
  }
}

// Sends `bytes` while a thread reads every response to come; returns the 200s it counted up
// to the server's close.
uint64_t SendAndCountOks(int fd, const std::string& bytes) {
  uint64_t oks = 0;
  std::exception_ptr failure;
  std::thread reader([&] {
    try {
      oks = CountOksUntilEof(fd);
    } catch (...) {
      failure = std::current_exception();
    }
  });
  try {
    SendAll(fd, bytes, "the last requests");
  } catch (...) {
    reader.join();
    throw;
  }
  reader.join();
  if (failure) std::rethrow_exception(failure);
  return oks;
}

class RrServerTest : public ::testing::TestWithParam<RrCase> {
 protected:
  void StartServer(uint32_t body_size) {
    server_ = std::make_unique<ServedRrServer>(GetParam(), body_size);
    ASSERT_EQ(server_->prepare_rc(), RB_OK) << server_->prepare_error();
  }

  uint16_t port() const { return server_->port(); }

  // Stops the server as the host does and checks serve's result and the required counters.
  void StopAndExpectCounts(uint64_t connections, uint64_t requests, uint64_t bad_requests) {
    ASSERT_EQ(server_->Stop(), RB_OK) << server_->serve_error();
    const auto counters = server_->Counters();
    for (const char* name : {"connections", "requests", "bad_requests"})
      ASSERT_EQ(counters.count(name), 1u) << "no counter " << name;
    EXPECT_EQ(counters.at("connections"), connections);
    EXPECT_EQ(counters.at("requests"), requests);
    EXPECT_EQ(counters.at("bad_requests"), bad_requests);
  }

  void ExpectKeepAliveSequence(uint32_t body_size) {
    ASSERT_NO_FATAL_FAILURE(StartServer(body_size));
    {
      HttpClient client(port());
      for (int i = 0; i < 3; ++i) {
        client.Send(kGet);
        ExpectOk(GetParam(), client.ReadResponse(), body_size, true);
      }
    }
    StopAndExpectCounts(1, 3, 0);
  }

  std::unique_ptr<ServedRrServer> server_;
};

TEST_P(RrServerTest, KeepAliveRequestsGetWholeResponsesWithBody2) {
  ExpectKeepAliveSequence(2);
}

TEST_P(RrServerTest, KeepAliveRequestsGetWholeResponsesWithBody1000) {
  ExpectKeepAliveSequence(1000);
}

TEST_P(RrServerTest, PipelinedRequestsAreAnsweredInOrder) {
  ASSERT_NO_FATAL_FAILURE(StartServer(2));
  {
    HttpClient client(port());
    // Only the last asks for a close: answered in order, only the last response says so and
    // the connection ends right after it.
    client.Send(kGet + "GET /second?x=1 HTTP/1.1\r\nHost: test\r\nUser-Agent: t\r\n\r\n" +
                kGetThenClose);
    ExpectOk(GetParam(), client.ReadResponse(), 2, true);
    ExpectOk(GetParam(), client.ReadResponse(), 2, true);
    ExpectOk(GetParam(), client.ReadResponse(), 2, false);
    EXPECT_EQ(client.ReadUntilEof(), "");
  }
  StopAndExpectCounts(1, 3, 0);
}

TEST_P(RrServerTest, RequestsSplitAcrossWritesAreAnsweredOnceWhole) {
  ASSERT_NO_FATAL_FAILURE(StartServer(2));
  {
    HttpClient client(port());
    // Pauses between the pieces so the server most likely reads them one by one; the check
    // is the same whichever way they arrive.
    for (const char* piece : {"GE", "T / HT", "TP/1.1\r", "\nHost: te", "st\r\n\r", "\n"}) {
      client.Send(piece);
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ExpectOk(GetParam(), client.ReadResponse(), 2, true);
    client.Send("GET / HTTP/1.1\r\nHo");
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    client.Send("st: test\r\n\r\n" + kGet);
    ExpectOk(GetParam(), client.ReadResponse(), 2, true);
    ExpectOk(GetParam(), client.ReadResponse(), 2, true);
  }
  StopAndExpectCounts(1, 3, 0);
}

TEST_P(RrServerTest, ConnectionCloseGetsTheResponseThenEof) {
  ASSERT_NO_FATAL_FAILURE(StartServer(2));
  {
    HttpClient client(port());
    client.Send(kGetThenClose);
    ExpectOk(GetParam(), client.ReadResponse(), 2, false);
    EXPECT_EQ(client.ReadUntilEof(), "");
  }
  StopAndExpectCounts(1, 1, 0);
}

TEST_P(RrServerTest, Http10WithoutKeepAliveGetsTheResponseThenEof) {
  ASSERT_NO_FATAL_FAILURE(StartServer(2));
  {
    HttpClient client(port());
    client.Send(kGet10);
    ExpectOk(GetParam(), client.ReadResponse(), 2, false);
    EXPECT_EQ(client.ReadUntilEof(), "");
  }
  StopAndExpectCounts(1, 1, 0);
}

TEST_P(RrServerTest, Http10WithKeepAliveStaysOpen) {
  ASSERT_NO_FATAL_FAILURE(StartServer(2));
  {
    HttpClient client(port());
    for (int i = 0; i < 2; ++i) {
      client.Send(kGet10KeepAlive);
      ExpectOk(GetParam(), client.ReadResponse(), 2, true);
    }
  }
  StopAndExpectCounts(1, 2, 0);
}

TEST_P(RrServerTest, MalformedRequestGets400ThenEof) {
  ASSERT_NO_FATAL_FAILURE(StartServer(2));
  {
    HttpClient client(port());
    client.Send(kMalformed);
    ExpectBadRequest(GetParam(), client.ReadResponse());
    EXPECT_EQ(client.ReadUntilEof(), "");
  }
  StopAndExpectCounts(1, 0, 1);
}

TEST_P(RrServerTest, Http11WithoutHostGets400ThenEof) {
  ASSERT_NO_FATAL_FAILURE(StartServer(2));
  {
    HttpClient client(port());
    client.Send(kWithoutHost);
    ExpectBadRequest(GetParam(), client.ReadResponse());
    EXPECT_EQ(client.ReadUntilEof(), "");
  }
  StopAndExpectCounts(1, 0, 1);
}

TEST_P(RrServerTest, BadRequestAfterAGoodOneEndsTheConnection) {
  ASSERT_NO_FATAL_FAILURE(StartServer(2));
  {
    HttpClient client(port());
    client.Send(kGet);
    ExpectOk(GetParam(), client.ReadResponse(), 2, true);
    client.Send(kPost);
    ExpectBadRequest(GetParam(), client.ReadResponse());
    EXPECT_EQ(client.ReadUntilEof(), "");
  }
  StopAndExpectCounts(1, 1, 1);
}

TEST_P(RrServerTest, TwoHundredConcurrentConnectionsAreAllServed) {
  constexpr int kConnections = 200;
  ASSERT_NO_FATAL_FAILURE(StartServer(2));
  {
    std::vector<std::unique_ptr<HttpClient>> clients;
    for (int i = 0; i < kConnections; ++i) clients.push_back(std::make_unique<HttpClient>(port()));
    for (int round = 0; round < 2; ++round) {
      for (auto& client : clients) client->Send(kGet);
      for (auto& client : clients) ExpectOk(GetParam(), client->ReadResponse(), 2, true);
    }
  }
  StopAndExpectCounts(kConnections, 2 * kConnections, 0);
}

TEST_P(RrServerTest, StopClosesOpenConnectionsAndReleaseLeavesNoFdOrThread) {
  const std::size_t fds_before = CountEntries("/proc/self/fd");
  const std::size_t threads_before = CountEntries("/proc/self/task");
  ASSERT_NO_FATAL_FAILURE(StartServer(2));
  {
    HttpClient client(port());
    client.Send(kGet);
    ExpectOk(GetParam(), client.ReadResponse(), 2, true);
    // Still open when the host asks the server to stop: serve must close it.
    StopAndExpectCounts(1, 1, 0);
    EXPECT_EQ(client.ReadUntilEof(), "");
  }
  server_.reset();
  EXPECT_EQ(CountEntries("/proc/self/fd"), fds_before);
  EXPECT_EQ(SettledThreadCount(threads_before), threads_before);
}

TEST_P(RrServerTest, ClientsGoneBeforeTheirResponsesDoNotHurtTheServer) {
  // Far more than the socket buffers hold, so the server is still writing when the client's
  // reset arrives and its writes fail (ECONNRESET, or EPIPE, which must not raise a fatal
  // SIGPIPE): the connection ends, the server serves on.
  constexpr uint32_t kBodySize = 4 << 20;
  constexpr int kQuitters = 8;
  ASSERT_NO_FATAL_FAILURE(StartServer(kBodySize));
  for (int i = 0; i < kQuitters; ++i) {
    HttpClient quitter(port());
    quitter.Send(kGet);
    quitter.ReadSomeResponseBytes();
  }
  {
    HttpClient client(port());
    client.Send(kGetThenClose);
    ExpectOk(GetParam(), client.ReadResponse(), kBodySize, false);
    EXPECT_EQ(client.ReadUntilEof(), "");
  }
  ASSERT_EQ(server_->Stop(), RB_OK) << server_->serve_error();
  const auto counters = server_->Counters();
  EXPECT_EQ(counters.at("connections"), kQuitters + 1u);
  EXPECT_EQ(counters.at("requests"), kQuitters + 1u);
  EXPECT_EQ(counters.at("bad_requests"), 0u);
}

// A server out of file descriptors keeps serving (issue 14, item 9): with this process's table
// full but for a few descriptors, a crowd of connections from another process makes accept fail
// with EMFILE; the excess is refused (closed at once) and counted, and once the crowd has gone
// a new client is answered and serve ends cleanly when the host asks.
TEST_P(RrServerTest, OutOfFileDescriptorsRefusesTheExcessAndServesOn) {
  constexpr int kCrowd = 40;
  constexpr rlim_t kHeadroom = 8;
  ASSERT_NO_FATAL_FAILURE(StartServer(2));
  {
    HttpClient first(port());  // whatever the server opens lazily, it opens now
    first.Send(kGetThenClose);
    ExpectOk(GetParam(), first.ReadResponse(), 2, false);
    EXPECT_EQ(first.ReadUntilEof(), "");
  }
  // A crowd the server answers as fast as it arrives may never find it out of descriptors
  // (io-uring's two loops, now and then): up to three crowds, until one is refused something.
  int refused = 0;
  for (int crowd_number = 0; crowd_number < 3 && refused == 0; ++crowd_number) {
    CrowdOutcome crowd;
    ASSERT_NO_THROW(crowd = RunConnectionCrowdOutOfDescriptors(port(), kCrowd, kHeadroom));
    EXPECT_EQ(crowd.served + crowd.refused, kCrowd);
    refused += crowd.refused;
  }
  EXPECT_GT(refused, 0);
  {
    HttpClient after(port());
    after.Send(kGetThenClose);
    ExpectOk(GetParam(), after.ReadResponse(), 2, false);
  }
  ASSERT_EQ(server_->Stop(), RB_OK) << server_->serve_error();
  const auto counters = server_->Counters();
  ASSERT_EQ(counters.count("accept_refused"), 1u) << "no counter accept_refused";
  EXPECT_GT(counters.at("accept_refused"), 0u);
  EXPECT_LE(counters.at("accept_refused"), static_cast<uint64_t>(refused));
}

// A client that pipelines requests and never reads its responses costs the server a bounded
// amount of memory (issue 14, item 10): once a connection's output waits above the server's
// high-water mark the server stops reading from it, so the client's sends stall long before
// the cap, where a server reading on would by then hold every response (about twice the cap
// in memory). Once the client reads, the server resumes and answers every request.
TEST_P(RrServerTest, AClientThatPipelinesAndNeverReadsIsStoppedNotBuffered) {
  constexpr std::size_t kCap = 32 << 20;
  constexpr long kMemoryBound = 32 << 20;
  ASSERT_NO_FATAL_FAILURE(StartServer(2));
  const PeakMemoryGrowth growth;
  UnreadSender client(port(), kGet);
  const std::size_t taken = client.SendUntilStalled(kCap);
  RecordProperty("bytes_taken", std::to_string(taken));
  RecordProperty("memory_growth", std::to_string(growth.bytes()));
  EXPECT_LT(taken, kCap) << "the server read on while its responses were not read";
  EXPECT_TRUE(growth.below(kMemoryBound))
      << growth.bytes() << " bytes more after the server took " << taken << " bytes";
  const uint64_t oks = SendAndCountOks(client.fd(), client.rest_of_unit() + kGetThenClose);
  EXPECT_EQ(oks, client.units_begun() + 1);
  StopAndExpectCounts(1, oks, 0);
}

// The same within one read: pipelined requests for large responses, all in one write, are not
// all answered into the server's memory at once; it answers them as the client reads.
TEST_P(RrServerTest, PipelinedRequestsForLargeResponsesAreAnsweredAsTheClientReads) {
  constexpr uint32_t kBodySize = 1 << 20;
  constexpr int kRequests = 200;
  constexpr long kMemoryBound = 48 << 20;  // a quarter of the responses
  ASSERT_NO_FATAL_FAILURE(StartServer(kBodySize));
  const PeakMemoryGrowth growth;
  {
    HttpClient client(port());
    std::string pipeline;
    for (int i = 0; i < kRequests; ++i) pipeline += kGet;
    client.Send(pipeline + kGetThenClose);
    for (int i = 0; i < kRequests; ++i) {
      const HttpResponse response = client.ReadResponse();
      ASSERT_EQ(response.status, 200) << "response " << i;
      ASSERT_EQ(response.body.size(), kBodySize) << "response " << i;
    }
    ExpectOk(GetParam(), client.ReadResponse(), kBodySize, false);
    EXPECT_EQ(client.ReadUntilEof(), "");
  }
  RecordProperty("memory_growth", std::to_string(growth.bytes()));
  EXPECT_TRUE(growth.below(kMemoryBound)) << growth.bytes() << " bytes more";
  StopAndExpectCounts(1, kRequests + 1, 0);
}

TEST_P(RrServerTest, UnknownOptionIsRefusedByName) {
  RrCase with_unknown = GetParam();
  with_unknown.options.emplace_back("no_such_option", "1");
  const ServedRrServer server(with_unknown, 2);
  EXPECT_EQ(server.prepare_rc(), RB_ERR_INVALID_ARGUMENT);
  EXPECT_NE(server.prepare_error().find("no_such_option"), std::string::npos)
      << server.prepare_error();
}

std::string CaseName(const ::testing::TestParamInfo<RrCase>& info) {
  return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(PluginDir, RrServerTest, ::testing::ValuesIn(AllRrCases()), CaseName);

}  // namespace
}  // namespace rb_test
