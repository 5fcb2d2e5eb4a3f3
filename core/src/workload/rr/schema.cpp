#include "workload/rr/entry.h"

namespace rb::workload::rr {

WorkloadSchema schema() {
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

}  // namespace rb::workload::rr
