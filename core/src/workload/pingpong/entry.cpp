// The pingpong workload as the registry knows it (workload/registry.h): its axes, its metrics,
// its table in the plugin descriptor; driver.h runs a cell, checks.h is its suite.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <reactorbench/plugin.h>

#include "plugin/descriptor_checks.h"
#include "workload/pingpong/checks.h"
#include "workload/pingpong/driver.h"
#include "workload/registry.h"

namespace rb::workload {
namespace {

// The axes a [matrix] may sweep.
WorkloadSchema schema() {
  WorkloadSchema schema{
      "pingpong",
      "echo throughput (muduo examples/pingpong): a client process opens `sessions` TCP "
      "connections to a server process on 127.0.0.1, sends one block on each and echoes back "
      "what returns for `duration`; MiB/s, messages/s, CPU and memory per side",
      {
          integer_axis("block_size", 1, 16 << 20, {}, "bytes the client sends on connect"),
          integer_axis("sessions", 1, 1'000'000, {}, "concurrent connections"),
          integer_axis("threads", 1, 256, {std::int64_t{1}},
                       "event-loop threads in the server and in the client"),
          duration_axis("duration", 10, 3'600'000, {std::string("10s")}, {std::string("1s")},
                        "how long each client run ping-pongs (\"10s\", \"500ms\" or seconds)"),
          choice_axis("verify", {"all", "sample", "off"}, {std::string("sample")},
                      "sessions whose echoed bytes the client checks: all, every 7th, none"),
      }};
  schema.roles = {"server", "client"};
  schema.abi_tables = {"pingpong_server", "pingpong_client"};
  return schema;
}

// Per client run (driver.h): throughput over the host-timed run, each side's CPU during it,
// and each side's peak RSS above its idle baseline per connection.
std::vector<MetricInfo> metrics() {
  return {
      {"mib_per_s", "MiB/s", false, true, true},
      {"messages_per_s", "msg/s", false, true},
      {"server_mib_per_cpu_s", "MiB/CPU-s", false, true},
      {"client_mib_per_cpu_s", "MiB/CPU-s", false, true},
      {"server_rss_per_conn_kib", "KiB", true, true},
      {"client_rss_per_conn_kib", "KiB", true, true},
      {"seconds", "s", true, false},
      {"server_cpu_s", "s", true, false},
      {"client_cpu_s", "s", true, false},
      {"server_user_s", "s", true, false},
      {"server_sys_s", "s", true, false},
      {"client_user_s", "s", true, false},
      {"client_sys_s", "s", true, false},
      {"server_peak_rss_kib", "KiB", true, false},
      {"client_peak_rss_kib", "KiB", true, false},
  };
}

// Its table's minimum size and required members, checked at load time.
// ABI 1.1 appended them: whole from the start, so their minimum is their 1.1 size.
constexpr std::size_t kPingpongServerOpsMinSize =
    offsetof(rb_pingpong_server_ops, release) + sizeof(rb_pingpong_server_ops::release);
constexpr std::size_t kPingpongClientOpsMinSize =
    offsetof(rb_pingpong_client_ops, release) + sizeof(rb_pingpong_client_ops::release);

// "pingpong" when the plugin offers both roles, otherwise the one role it offers.
std::optional<std::string> read_tables(plugin::LoadedPlugin& plugin) {
  using S = rb_pingpong_server_ops;
  plugin.pingpong_server = plugin::checked_table(
      plugin.descriptor.pingpong_server, "rb_pingpong_server_ops", kPingpongServerOpsMinSize,
      plugin.path, std::pair{"prepare", &S::prepare}, std::pair{"serve", &S::serve},
      std::pair{"counters", &S::counters}, std::pair{"release", &S::release});
  using C = rb_pingpong_client_ops;
  plugin.pingpong_client = plugin::checked_table(
      plugin.descriptor.pingpong_client, "rb_pingpong_client_ops", kPingpongClientOpsMinSize,
      plugin.path, std::pair{"prepare", &C::prepare}, std::pair{"run", &C::run},
      std::pair{"counters", &C::counters}, std::pair{"release", &C::release});
  if (plugin.pingpong_server && plugin.pingpong_client) return "pingpong";
  if (plugin.pingpong_server) return "pingpong_server";
  if (plugin.pingpong_client) return "pingpong_client";
  return std::nullopt;
}

}  // namespace

WorkloadEntry pingpong_entry() {
  static const PingpongWorkload driver;
  const MetricRoles roles{"seconds", {"sessions", true, "metric", "block_size"}};
  WorkloadEntry entry =
      make_entry(driver, schema(), metrics(), roles, read_tables, pingpong::checks);
  entry.parts = {"pingpong_server", "pingpong_client"};
  // block_size is only a hint to the server's buffers; 16 KiB is what the shipped configs use.
  entry.server_params = {{"threads", std::int64_t{1}}, {"block_size", std::int64_t{16384}}};
  return entry;
}

}  // namespace rb::workload
