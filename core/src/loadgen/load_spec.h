// What the rr load generator is asked to do, and what it measured.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "stats/latency_histogram.h"

namespace rb::loadgen {

struct LoadSpec {
  std::string host = "127.0.0.1";
  int port = 0;
  std::uint32_t connections = 1;
  std::uint32_t threads = 1;  // generator threads; connections go round-robin over them
  // Requests per second over all connections, each connection on its own evenly spaced
  // schedule (wrk2's open loop); 0 means closed loop: each connection sends its next
  // request as soon as the previous response is in (ab, wrk).
  double rate = 0;
  std::chrono::nanoseconds duration{std::chrono::seconds(10)};
  std::chrono::nanoseconds request_timeout{std::chrono::seconds(2)};
  std::chrono::nanoseconds connect_timeout{std::chrono::seconds(15)};
  std::uint64_t body_size = 2;
  // false: every request asks for `Connection: close` and each connection is redone after
  // its response (ab without -k); the latency then includes the new connection's set-up.
  bool keep_alive = true;
  // Polled between events: true once the host wants the run abandoned.
  std::function<bool()> stop_requested = [] { return false; };
};

struct LoadResult {
  // Open loop: from each request's intended send time to its full response, so a server
  // that stalls is charged for the requests it delayed (no coordinated omission). Closed
  // loop: from the actual send.
  stats::LatencyHistogram latency;
  // Open loop only (empty in a closed loop, where `latency` is already this): the same
  // responses from each request's actual send, as wrk2 -U prints beside its corrected
  // latency. Its distance below `latency` is the waiting coordinated omission would hide.
  stats::LatencyHistogram uncorrected_latency;
  double seconds = 0;           // the measured window (the duration as it really ran)
  std::uint64_t sent = 0;       // requests written in the window
  std::uint64_t completed = 0;  // responses received (including in the drain after it)
  std::uint64_t in_window = 0;  // ... of those, completed inside the window
  std::uint64_t timeouts = 0;   // no full response within request_timeout: connection redone
  std::uint64_t connect_failures = 0;
  std::uint64_t resets = 0;      // the server closed or reset a connection we kept open
  std::uint64_t bad_status = 0;  // responses other than 200
  std::uint64_t malformed = 0;   // unparseable responses or bodies off the pattern
  std::uint64_t reconnects = 0;  // connections redone after an error or a timeout
  std::string first_error;       // the first malformed/bad-status/connect story, for reasons

  void merge(const LoadResult& other);
  std::uint64_t errors() const { return connect_failures + resets + bad_status + malformed; }
};

}  // namespace rb::loadgen
