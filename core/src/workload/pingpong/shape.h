// A pingpong cell's parameters, read once from its CellSpec.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "model/cell.h"

namespace rb::workload {

// verify = "sample" checks the sessions whose index is a multiple of this. A prime, so the
// sampled sessions land on every loop thread (sessions go round-robin) unless `threads` is a
// multiple of it.
inline constexpr std::uint32_t kVerifySampleStride = 7;

struct PingpongShape {
  std::uint32_t block_size = 0;
  std::uint32_t sessions = 0;
  std::uint32_t threads = 1;
  std::chrono::milliseconds duration{0};
  std::string verify;  // "all", "sample" or "off"

  // rb_pingpong_client_params::verify_stride: all 1, sample kVerifySampleStride, off 0.
  std::uint32_t verify_stride() const;
};

// Throws std::out_of_range / std::invalid_argument for a cell that lacks the axes.
PingpongShape pingpong_shape(const CellSpec& cell);

}  // namespace rb::workload
