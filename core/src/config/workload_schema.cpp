#include "config/workload_schema.h"

namespace rb::config {
namespace {

AxisSchema integer_axis(std::string name, std::int64_t min, std::int64_t max,
                        std::vector<rb::ParamValue> defaults, std::string help) {
  AxisSchema axis;
  axis.name = std::move(name);
  axis.kind = AxisSchema::Kind::integer;
  axis.min = min;
  axis.max = max;
  axis.default_values = std::move(defaults);
  axis.help = std::move(help);
  return axis;
}

AxisSchema choice_axis(std::string name, std::vector<std::string> choices,
                       std::vector<rb::ParamValue> defaults, std::string help) {
  AxisSchema axis;
  axis.name = std::move(name);
  axis.kind = AxisSchema::Kind::string;
  axis.choices = std::move(choices);
  axis.default_values = std::move(defaults);
  axis.help = std::move(help);
  return axis;
}

AxisSchema duration_axis(std::string name, std::int64_t min_ms, std::int64_t max_ms,
                         std::vector<rb::ParamValue> defaults, std::vector<rb::ParamValue> quick,
                         std::string help) {
  AxisSchema axis;
  axis.name = std::move(name);
  axis.kind = AxisSchema::Kind::duration;
  axis.min = min_ms;
  axis.max = max_ms;
  axis.default_values = std::move(defaults);
  axis.quick_values = std::move(quick);
  axis.help = std::move(help);
  return axis;
}

WorkloadSchema pingpong_schema() {
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
  return schema;
}

WorkloadSchema rr_schema() {
  return WorkloadSchema{
      "rr",
      "HTTP/1.1 request/response latency (seed 002): the runner's load generator keeps "
      "`connections` keep-alive connections to the plugin's server and sends GET requests, "
      "closed loop (rate = 0, like ab) or open loop at `rate` requests/s (like wrk2, latency from "
      "each request's intended send time); p50..p99.9, max, requests/s, errors and timeouts",
      {
          integer_axis("connections", 1, 10'000, {}, "concurrent keep-alive connections"),
          integer_axis("rate", 0, 100'000'000, {std::int64_t{0}},
                       "requests/s over all connections, evenly spaced; 0: closed loop"),
          integer_axis("load_percent", 0, 100, {std::int64_t{0}},
                       "open loop at this % of the closed-loop maximum, measured by a "
                       "calibration run at the start of each round; 0: use `rate`"),
          integer_axis("body_size", 0, 16 << 20, {std::int64_t{2}},
                       "bytes of body in each 200 response"),
          integer_axis("threads", 1, 256, {std::int64_t{1}}, "the server's event-loop threads"),
          integer_axis("client_threads", 1, 64, {std::int64_t{1}},
                       "the load generator's threads (each an epoll loop)"),
          duration_axis("duration", 10, 3'600'000, {std::string("10s")}, {std::string("1s")},
                        "how long each load run sends requests"),
          choice_axis("connection", {"keep-alive", "close"}, {std::string("keep-alive")},
                      "keep-alive, or close: every request on a new connection whose set-up "
                      "counts in its latency (ab without -k)"),
          duration_axis("request_timeout", 10, 600'000, {std::string("2s")}, {},
                        "a request without its full response by then counts as a timeout "
                        "and its connection is redone"),
      }};
}

std::vector<WorkloadSchema> build_schemas() {
  std::vector<WorkloadSchema> schemas;
  schemas.push_back(WorkloadSchema{
      "flower",
      "the hot potato (libevent test/bench.c): `active` pipes start with a byte, each read "
      "forwards one to the next pipe until `writes` are spent; setup and dispatch timed apart",
      {
          integer_axis("pipes", 1, 1'000'000, {}, "number of fd pairs watched by the loop"),
          integer_axis("active", 1, 1'000'000, {},
                       "pipes written before dispatch (the initial fires)"),
          integer_axis("writes", 0, 100'000'000, {std::int64_t{100}},
                       "global budget of forwarding writes per iteration"),
          choice_axis("transport", {"socketpair", "pipe"}, {std::string("socketpair")},
                      "socketpair (AF_UNIX stream) or pipe"),
      }});
  // --quick hands over a million items rather than ten: seconds per cell, not minutes.
  AxisSchema notify_items = integer_axis("items", 1, 4'000'000'000, {std::int64_t{10'000'000}},
                                         "values posted per iteration, 1..items in total");
  notify_items.quick_values = {std::int64_t{1'000'000}};
  schemas.push_back(WorkloadSchema{
      "notify",
      "cross-thread hand-off (seed 004): host producer threads post 1..items to the plugin's "
      "consumer, which must take each exactly once (count and sum checked); first post to end "
      "of finish timed",
      {
          notify_items,
          integer_axis("producers", 1, 64, {std::int64_t{1}},
                       "host threads posting concurrently, each a contiguous share of 1..items"),
          integer_axis("producer_cpu", -1, 1023, {std::int64_t{-1}},
                       "cpu every producer thread is pinned to; -1 leaves them unpinned"),
          integer_axis("consumer_cpu", -1, 1023, {std::int64_t{-1}},
                       "cpu the plugin pins its consumer thread to; -1 leaves it unpinned"),
      }});
  schemas.push_back(pingpong_schema());
  schemas.push_back(rr_schema());
  return schemas;
}

}  // namespace

const AxisSchema* WorkloadSchema::find_axis(std::string_view axis_name) const {
  for (const auto& axis : axes)
    if (axis.name == axis_name) return &axis;
  return nullptr;
}

std::vector<std::string> WorkloadSchema::axis_names() const {
  std::vector<std::string> names;
  for (const auto& axis : axes) names.push_back(axis.name);
  return names;
}

const std::vector<WorkloadSchema>& workload_schemas() {
  static const std::vector<WorkloadSchema> schemas = build_schemas();
  return schemas;
}

const WorkloadSchema* find_workload_schema(std::string_view name) {
  for (const auto& schema : workload_schemas())
    if (schema.name == name) return &schema;
  return nullptr;
}

std::vector<std::string> workload_names() {
  std::vector<std::string> names;
  for (const auto& schema : workload_schemas()) names.push_back(schema.name);
  return names;
}

const char* kind_name(AxisSchema::Kind kind) {
  switch (kind) {
    case AxisSchema::Kind::integer:
      return "integer";
    case AxisSchema::Kind::string:
      return "string";
    case AxisSchema::Kind::duration:
      return "duration";
  }
  return "unknown";
}

}  // namespace rb::config
