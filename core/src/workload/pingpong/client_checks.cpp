#include <fmt/format.h>

#include "plugin/loader.h"
#include "workload/checks/check_helpers.h"
#include "workload/checks/peer_support.h"
#include "workload/checks/unknown_option_check.h"
#include "workload/checks/watched_session.h"
#include "workload/host_services.h"
#include "workload/pingpong/checks.h"
#include "workload/pingpong/echo_peer.h"
#include "workload/workload.h"

namespace rb::workload::pingpong {
// Named, so that the client and the server checks keep their parallel names (Shape,
// check_echo, lifecycle...) in one unity unit.
namespace client_side {
namespace {

using workload::CellFailure;

struct Shape {
  std::uint32_t sessions;
  std::uint32_t threads;  // the client's event-loop threads
  std::uint32_t block_size;
  std::uint32_t verify_stride;
};

// One session on one loop; sessions spread over loops; a block size that is not a multiple
// of 128; large blocks with only every third session verified.
constexpr Shape kEchoShapes[] = {
    {1, 1, 128, 1}, {8, 2, 4096, 1}, {5, 3, 1000, 1}, {12, 4, 16384, 3}};
constexpr Shape kLifecycleShape = {4, 2, 4096, 1};
constexpr std::uint64_t kDurationMs = 50;

std::string label(const Shape& shape) {
  return fmt::format("sessions={} threads={} block_size={} verify_stride={}", shape.sessions,
                     shape.threads, shape.block_size, shape.verify_stride);
}

const rb_pingpong_client_ops& client_ops(const CheckContext& context) {
  if (!context.plugin.pingpong_client)
    throw CellFailure("the plugin offers no pingpong client table");
  return *context.plugin.pingpong_client;
}

rb_pingpong_client_params client_params(const Shape& shape, std::uint16_t port,
                                        std::uint64_t duration_ms) {
  return {sizeof(rb_pingpong_client_params),
          "127.0.0.1",
          port,
          shape.sessions,
          shape.block_size,
          shape.threads,
          duration_ms,
          workload::stop_event_fd(),
          shape.verify_stride};
}

// One prepare..release of the client, every call under the watchdog.
class ClientSession : public WatchedSession<rb_pingpong_client_ops> {
 public:
  ClientSession(CheckContext& context, const rb_pingpong_client_params& params)
      : WatchedSession(context, client_ops(context)) {
    prepare("prepare", context.host, params, context.options);
  }
};

// What the runner's verify_run holds a client to, and the echo peer's view of the same run.
void verify_run(const plugin::Counters& counters, const Shape& shape, const EchoTally& echo) {
  const char* who = "the client";
  const auto refused = required_counter(counters, who, "connect_failures");
  const auto resets = required_counter(counters, who, "resets");
  const auto completed = required_counter(counters, who, "sessions_completed");
  const auto mismatches = required_counter(counters, who, "verify_mismatches");
  const auto verified = required_counter(counters, who, "verified_bytes");
  const auto read = required_counter(counters, who, "bytes_read");
  required_counter(counters, who, "messages_read");
  const std::string at = label(shape);
  if (refused > 0 || resets > 0)
    throw CellFailure(
        fmt::format("{}: the client reported {} connect failures and {} resets "
                    "against the host's echo",
                    at, refused, resets));
  if (echo.connections != shape.sessions || completed != shape.sessions)
    throw CellFailure(fmt::format("{}: the client completed {} sessions; the host accepted {}", at,
                                  completed, echo.connections));
  if (echo.resets > 0)
    throw CellFailure(fmt::format(
        "{}: {} sessions ended in an error on the host's side instead of the client's shutdown", at,
        echo.resets));
  if (echo.mismatches > 0)
    throw CellFailure(fmt::format("{}: {} of the {} bytes the client sent differ from the pattern",
                                  at, echo.mismatches, echo.bytes_read));
  if (mismatches > 0)
    throw CellFailure(
        fmt::format("{}: the client counted {} verify_mismatches on an exact echo of its own bytes",
                    at, mismatches));
  if (read != echo.bytes_written)
    throw CellFailure(fmt::format("{}: the client reported {} bytes read; the host echoed {}", at,
                                  read, echo.bytes_written));
  if (read < std::uint64_t{shape.sessions} * shape.block_size)
    throw CellFailure(
        fmt::format("{}: the client read {} bytes, less than one block per session", at, read));
  if (verified == 0 || verified > read)
    throw CellFailure(fmt::format("{}: verified_bytes is {} of {} bytes read (verify_stride {})",
                                  at, verified, read, shape.verify_stride));
}

// A run against the host's echo, then every counter checked against the echo's tally.
void one_full_run(CheckContext& context, const Shape& shape) {
  EchoPeer echo(shape.block_size);
  ClientSession session(context, client_params(shape, echo.port(), kDurationMs));
  if (const auto run = session.try_call("run", &rb_pingpong_client_ops::run); !run.ok())
    throw CellFailure(fmt::format("{}: run failed ({}): {}", label(shape),
                                  plugin::describe_rb_error(run.code),
                                  run.message.empty() ? "no message" : run.message));
  const auto counters = session.counters();
  session.release();
  context.watchdog.guard("host echo", [&] { echo.stop(); });
  if (echo.failure()) throw CellFailure(*echo.failure());
  verify_run(counters, shape, echo.tally());
}

void check_echo(CheckContext& context) {
  one_full_run(context, variant_shape(context, kEchoShapes, "pingpong_client.echo"));
}

void check_unknown_option(CheckContext& context) {
  const rb_pingpong_client_ops& ops = client_ops(context);
  const LoopbackListener listener;  // a port nobody serves: prepare must not need one
  const auto params = client_params(kLifecycleShape, listener.port(), kDurationMs);
  expect_unknown_option_refused_by(context, "prepare", ops, params);
}

void lifecycle(CheckContext& context) {
  one_full_run(context, kLifecycleShape);
}

// A run far longer than the watchdog, stopped by the host once the echo shows every session
// has been ping-ponging a while: run must give up with an error.
void check_stop(CheckContext& context) {
  const Shape& shape = kLifecycleShape;
  const std::uint64_t stop_after = std::uint64_t{4} * shape.sessions * shape.block_size;
  EchoPeer echo(shape.block_size, stop_after, ask_host_to_stop);
  const auto duration_ms = static_cast<std::uint64_t>(10 * context.watchdog.limit().count());
  ClientSession session(context, client_params(shape, echo.port(), duration_ms));
  const std::string overrun = fmt::format(
      "run did not return within {} ms (the host asks it to stop through stop_fd and SIGTERM "
      "once its echo has returned {} bytes; run must then return an error)",
      context.watchdog.limit().count(), stop_after);
  if (session.try_call({"run", overrun}, &rb_pingpong_client_ops::run).ok())
    throw CellFailure(
        "run returned RB_OK after the host asked it to stop mid-run (it must return an error)");
  session.release();
}

}  // namespace
}  // namespace client_side

std::vector<Check> client_checks() {
  using namespace client_side;
  return joined(
      {
          {"pingpong_client.echo", "pingpong_client",
           fmt::format("sends the pattern, counters exact against a host echo in {} shapes",
                       std::size(kEchoShapes)),
           static_cast<int>(std::size(kEchoShapes)), check_echo},
          options_check("pingpong_client", check_unknown_option),
          {"pingpong_client.stop", "pingpong_client",
           "run returns an error once the host asks it to stop mid-run", 1, check_stop},
      },
      census_checks<lifecycle>("pingpong_client"));
}

}  // namespace rb::workload::pingpong
