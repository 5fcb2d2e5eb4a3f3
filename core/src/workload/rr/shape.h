// An rr cell's parameters, read once from its CellSpec.
#pragma once

#include <chrono>
#include <cstdint>

#include "model/cell.h"

namespace rb::workload {

struct RrShape {
  std::uint32_t connections = 1;
  std::uint64_t rate = 0;          // requests/s; 0: closed loop (unless load_percent is set)
  std::uint32_t load_percent = 0;  // > 0: open loop at this % of a measured closed-loop max
  std::uint32_t body_size = 2;
  std::uint32_t threads = 1;         // the server's event-loop threads
  std::uint32_t client_threads = 1;  // the load generator's threads
  std::chrono::milliseconds duration{0};
  std::chrono::milliseconds request_timeout{2000};
  bool keep_alive = true;  // connection = "keep-alive"; "close": a connection per request

  bool calibrates() const { return load_percent > 0; }
};

// Throws std::out_of_range / std::invalid_argument for a cell that lacks the axes.
RrShape rr_shape(const CellSpec& cell);
// What the server side needs (threads, body_size): also what `runner serve` builds.
RrShape rr_server_shape(const CellSpec& cell);

}  // namespace rb::workload
