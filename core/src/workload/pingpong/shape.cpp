#include "workload/pingpong/shape.h"

#include "model/duration.h"

namespace rb::workload {

std::uint32_t PingpongShape::verify_stride() const {
  if (verify == "all") return 1;
  if (verify == "sample") return kVerifySampleStride;
  return 0;
}

PingpongShape pingpong_shape(const CellSpec& cell) {
  PingpongShape shape;
  shape.block_size = static_cast<std::uint32_t>(cell.get_int("block_size"));
  shape.sessions = static_cast<std::uint32_t>(cell.get_int("sessions"));
  shape.threads = static_cast<std::uint32_t>(cell.get_int("threads"));
  shape.duration = duration_value(cell.get_string("duration"));
  shape.verify = cell.get_string("verify");
  return shape;
}

}  // namespace rb::workload
