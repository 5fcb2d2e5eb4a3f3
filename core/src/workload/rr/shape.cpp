#include "workload/rr/shape.h"

#include "model/duration.h"

namespace rb::workload {

RrShape rr_server_shape(const CellSpec& cell) {
  RrShape shape;
  shape.threads = static_cast<std::uint32_t>(cell.get_int("threads"));
  shape.body_size = static_cast<std::uint32_t>(cell.get_int("body_size"));
  return shape;
}

RrShape rr_shape(const CellSpec& cell) {
  RrShape shape = rr_server_shape(cell);
  shape.connections = static_cast<std::uint32_t>(cell.get_int("connections"));
  shape.rate = static_cast<std::uint64_t>(cell.get_int("rate"));
  shape.load_percent = static_cast<std::uint32_t>(cell.get_int("load_percent"));
  shape.client_threads = static_cast<std::uint32_t>(cell.get_int("client_threads"));
  shape.duration = duration_value(cell.get_string("duration"));
  shape.request_timeout = duration_value(cell.get_string("request_timeout"));
  shape.keep_alive = cell.get_string("connection") == "keep-alive";
  return shape;
}

}  // namespace rb::workload
