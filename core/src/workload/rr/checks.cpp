#include "workload/rr/checks.h"

#include <fmt/format.h>
#include <atomic>
#include <optional>
#include <thread>

#include "plugin/loader.h"
#include "workload/checks/check_helpers.h"
#include "workload/checks/peer_support.h"
#include "workload/checks/server_session.h"
#include "workload/checks/unknown_option_check.h"
#include "workload/host_services.h"
#include "workload/loopback_listener.h"
#include "workload/rr/http_peer.h"

namespace rb::workload::rr {
namespace {

using workload::CellFailure;

struct Shape {
  std::uint32_t threads;
  std::uint32_t body_size;
};

constexpr Shape kShapes[] = {{1, 2}, {2, 1000}, {3, 0}};
constexpr Shape kLifecycleShape = {2, 2};

// What one full conversation (below) asks of the server, for its counters.
constexpr std::uint64_t kConnections = 7;  // 4 keep-alive, Connection: close, HTTP/1.0, bad
// 4 connections x 3 rounds, 2 pipelined, 3 split and 1 after, Connection: close, HTTP/1.0.
constexpr std::uint64_t kRequests = 4 * 3 + 2 + 3 + 1 + 1 + 1;
constexpr std::uint64_t kBadRequests = 1;

const rb_rr_server_ops& server_ops(const CheckContext& context) {
  if (!context.plugin.rr_server) throw CellFailure("the plugin offers no rr_server table");
  return *context.plugin.rr_server;
}

using RrServerSession = ServerSession<rb_rr_server_ops>;

rb_rr_server_params server_params(const Shape& shape, const LoopbackListener& listener) {
  return {sizeof(rb_rr_server_params), listener.fd(), workload::stop_event_fd(), shape.threads,
          shape.body_size};
}

const std::string kGet = "GET / HTTP/1.1\r\nHost: validate\r\n\r\n";

void expect_oks(const std::vector<loadgen::HttpResponseReader::Response>& responses,
                const std::string& what, bool close_on_last) {
  for (std::size_t i = 0; i < responses.size(); ++i) {
    const auto& r = responses[i];
    if (r.status != 200 || !r.body_ok)
      throw CellFailure(fmt::format("{}: response {} was status {} with {} body", what, i + 1,
                                    r.status, r.body_ok ? "the right" : "a wrong"));
    const bool should_close = close_on_last && i + 1 == responses.size();
    if (r.close != should_close)
      throw CellFailure(fmt::format("{}: response {} {} Connection: close", what, i + 1,
                                    r.close ? "carried" : "lacked"));
  }
}

// Everything the rr protocol promises, on kConnections connections: keep-alive requests one
// at a time, pipelined, split byte by byte; Connection: close; HTTP/1.0 without keep-alive;
// a malformed request answered 400 and closed.
void converse(int port, const Shape& shape, std::chrono::milliseconds wait) {
  std::vector<std::unique_ptr<HttpPeer>> keep_alive;
  for (int i = 0; i < 4; ++i)
    keep_alive.push_back(std::make_unique<HttpPeer>(port, shape.body_size, wait));
  for (int round = 0; round < 3; ++round)
    for (auto& peer : keep_alive) {
      peer->send(kGet);
      expect_oks(peer->responses(1, "a keep-alive request"), "a keep-alive request", false);
    }
  keep_alive[0]->send(kGet + kGet);  // pipelined: answered in order
  expect_oks(keep_alive[0]->responses(2, "two pipelined requests"), "two pipelined requests",
             false);
  for (std::size_t i = 1; i < keep_alive.size(); ++i) {
    for (const char c : kGet) keep_alive[i]->send(std::string(1, c));  // one byte per write
    expect_oks(keep_alive[i]->responses(1, "a request sent a byte at a time"),
               "a request sent a byte at a time", false);
  }
  keep_alive[1]->send(kGet);
  expect_oks(keep_alive[1]->responses(1, "a request after a split one"),
             "a request after a split one", false);

  HttpPeer closing(port, shape.body_size, wait);
  closing.send("GET / HTTP/1.1\r\nHost: validate\r\nConnection: close\r\n\r\n");
  expect_oks(closing.responses(1, "Connection: close"), "Connection: close", true);
  closing.expect_closed("after a Connection: close response");

  HttpPeer http10(port, shape.body_size, wait);
  http10.send("GET / HTTP/1.0\r\n\r\n");
  expect_oks(http10.responses(1, "an HTTP/1.0 request"), "an HTTP/1.0 request", true);
  http10.expect_closed("after answering HTTP/1.0 without keep-alive");

  HttpPeer bad(port, shape.body_size, wait);
  bad.send("GET / HTTP/1.1\r\nHost validate\r\n\r\n");
  const auto answer = bad.responses(1, "a malformed request");
  if (answer[0].status != 400)
    throw CellFailure(
        fmt::format("a malformed request was answered {}, not 400", answer[0].status));
  bad.expect_closed("after a 400");
}

void verify_counters(const plugin::Counters& counters, const Shape& shape) {
  const auto connections = required_counter(counters, "the server", "connections");
  const auto requests = required_counter(counters, "the server", "requests");
  const auto bad = required_counter(counters, "the server", "bad_requests");
  if (connections != kConnections || requests != kRequests || bad != kBadRequests)
    throw CellFailure(fmt::format(
        "threads={} body_size={}: the server reported {} connections, {} requests and {} bad "
        "requests; the host made {}, {} and {}",
        shape.threads, shape.body_size, connections, requests, bad, kConnections, kRequests,
        kBadRequests));
}

void one_conversation(CheckContext& context, const Shape& shape) {
  const LoopbackListener listener;
  RrServerSession session(context, server_ops(context), server_params(shape, listener));
  session.serve_with([&] { converse(listener.port(), shape, peer_wait(context.watchdog)); });
  verify_counters(session.counters(), shape);
  session.release();
}

void check_protocol(CheckContext& context) {
  one_conversation(context, variant_shape(context, kShapes, "rr.protocol"));
}

void check_unknown_option(CheckContext& context) {
  const LoopbackListener listener;
  expect_unknown_option_refused_by(context, "prepare", server_ops(context),
                                   server_params(kLifecycleShape, listener));
}

void lifecycle(CheckContext& context) {
  one_conversation(context, kLifecycleShape);
}

// Stopped with keep-alive connections open (a load run's end): serve returns and release
// closes them.
void check_stop(CheckContext& context) {
  const LoopbackListener listener;
  RrServerSession session(context, server_ops(context), server_params(kLifecycleShape, listener));
  std::vector<std::unique_ptr<HttpPeer>> open;
  const auto wait = peer_wait(context.watchdog);
  session.serve_with([&] {
    for (int i = 0; i < 3; ++i) {
      open.push_back(std::make_unique<HttpPeer>(listener.port(), kLifecycleShape.body_size, wait));
      open.back()->send(kGet);
      expect_oks(open.back()->responses(1, "a keep-alive request"), "a keep-alive request", false);
    }
  });
  session.release();
  context.watchdog.guard("closed connections", [&] {
    for (auto& peer : open) peer->expect_closed("a keep-alive connection after release");
  });
}

}  // namespace

std::vector<Check> checks() {
  return joined(
      {
          {"rr.protocol", "rr",
           fmt::format("keep-alive, pipelined, split, Connection: close, HTTP/1.0 and malformed "
                       "requests answered as the protocol says; counters exact in {} shapes",
                       std::size(kShapes)),
           static_cast<int>(std::size(kShapes)), check_protocol},
          options_check("rr", check_unknown_option),
          {"rr.stop", "rr",
           "serve returns once the host asks it to stop, and open connections are closed by "
           "release",
           1, check_stop},
      },
      census_checks<lifecycle>("rr"));
}

}  // namespace rb::workload::rr
