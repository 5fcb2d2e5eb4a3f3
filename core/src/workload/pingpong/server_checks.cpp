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
#include "workload/pingpong/checks.h"
#include "workload/pingpong/pattern_sessions.h"

namespace rb::workload::pingpong {
// Named, so that the client and the server checks keep their parallel names (Shape,
// check_echo, lifecycle...) in one unity unit.
namespace server_side {
namespace {

using workload::CellFailure;

struct Shape {
  std::uint32_t threads;  // the server's event-loop threads
  std::uint32_t sessions;
  std::uint32_t block_size;
  std::uint32_t rounds;  // blocks each session sends and gets back
};

// One loop and one session; sessions spread over loops; large blocks; a block size that is
// not a multiple of 128.
constexpr Shape kEchoShapes[] = {
    {1, 1, 128, 4}, {2, 6, 4096, 8}, {3, 10, 16384, 3}, {2, 4, 1000, 5}};
constexpr Shape kLifecycleShape = {2, 4, 4096, 4};

std::string label(const Shape& shape) {
  return fmt::format("threads={} sessions={} block_size={}", shape.threads, shape.sessions,
                     shape.block_size);
}

const rb_pingpong_server_ops& server_ops(const CheckContext& context) {
  if (!context.plugin.pingpong_server)
    throw CellFailure("the plugin offers no pingpong server table");
  return *context.plugin.pingpong_server;
}

using PingpongServerSession = ServerSession<rb_pingpong_server_ops>;

rb_pingpong_server_params server_params(const Shape& shape, const LoopbackListener& listener) {
  return {sizeof(rb_pingpong_server_params), listener.fd(), workload::stop_event_fd(),
          shape.threads, shape.block_size};
}

// What the runner's check_server holds a server to, against exact host totals.
void verify_counters(const plugin::Counters& counters, const Shape& shape,
                     const PatternSessions& host) {
  const auto connections = required_counter(counters, "the server", "connections");
  const auto read = required_counter(counters, "the server", "bytes_read");
  const auto written = required_counter(counters, "the server", "bytes_written");
  if (connections != shape.sessions || read != host.sent() || written != host.received())
    throw CellFailure(fmt::format(
        "{}: the server reported {} connections, {} bytes read and {} written; the host opened "
        "{}, sent {} and received {}",
        label(shape), connections, read, written, shape.sessions, host.sent(), host.received()));
}

// The host's sessions exchange the pattern while the server serves, until the host asks it
// to stop; `finish` first ends them as a client's do, otherwise they are left open.
void exchange_while_served(CheckContext& context, const Shape& shape,
                           const LoopbackListener& listener, PingpongServerSession& session,
                           std::optional<PatternSessions>& host, bool finish) {
  session.serve_with([&] {
    host.emplace(listener.port(), shape.sessions, shape.block_size, peer_wait(context.watchdog));
    host->exchange(shape.rounds);
    if (finish) host->finish();
  });
}

// Sessions that exchange the pattern and end as a client's do, then the server's counters.
void one_full_exchange(CheckContext& context, const Shape& shape) {
  const LoopbackListener listener;
  PingpongServerSession session(context, server_ops(context), server_params(shape, listener));
  std::optional<PatternSessions> host;
  exchange_while_served(context, shape, listener, session, host, true);
  verify_counters(session.counters(), shape, *host);
  session.release();
}

void check_echo(CheckContext& context) {
  one_full_exchange(context, variant_shape(context, kEchoShapes, "pingpong_server.echo"));
}

void check_unknown_option(CheckContext& context) {
  const LoopbackListener listener;
  expect_unknown_option_refused_by(context, "prepare", server_ops(context),
                                   server_params(kLifecycleShape, listener));
}

void lifecycle(CheckContext& context) {
  one_full_exchange(context, kLifecycleShape);
}

// The host stops the server with sessions still open, as at the end of a round whose client
// died: serve must return. The sessions are checked after release, not after serve: libevent
// 2.1 frees a bufferevent lazily, so its socket closes when the base is freed, and the
// runner needs them closed before the next round, not sooner.
void check_stop(CheckContext& context) {
  const Shape shape{2, 3, 4096, 1};
  const LoopbackListener listener;
  PingpongServerSession session(context, server_ops(context), server_params(shape, listener));
  std::optional<PatternSessions> host;
  exchange_while_served(context, shape, listener, session, host, false);
  session.release();
  context.watchdog.guard("closed sessions", [&] { host->expect_closed_by_server(); });
}

}  // namespace
}  // namespace server_side

std::vector<Check> server_checks() {
  using namespace server_side;
  return joined(
      {
          {"pingpong_server.echo", "pingpong_server",
           fmt::format("a host client's pattern echoed intact and 'connections', 'bytes_read', "
                       "'bytes_written' exact in {} shapes",
                       std::size(kEchoShapes)),
           static_cast<int>(std::size(kEchoShapes)), check_echo},
          options_check("pingpong_server", check_unknown_option),
          {"pingpong_server.stop", "pingpong_server",
           "serve returns once the host asks it to stop, and open sessions are closed by release",
           1, check_stop},
      },
      census_checks<lifecycle>("pingpong_server"));
}

}  // namespace rb::workload::pingpong

namespace rb::workload::pingpong {

std::vector<Check> checks() {
  auto checks = server_checks();
  const auto client = client_checks();
  checks.insert(checks.end(), client.begin(), client.end());
  return checks;
}

}  // namespace rb::workload::pingpong
