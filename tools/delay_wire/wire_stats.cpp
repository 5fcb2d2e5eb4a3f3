#include "wire_stats.h"

#include <fmt/format.h>

namespace delay_wire {

std::string stats_line(const std::string& from, const std::string& to,
                       const DirectionStats& stats) {
  return fmt::format("from={} to={} packets={} bytes={} dropped={}\n", from, to, stats.packets,
                     stats.bytes, stats.dropped);
}

}  // namespace delay_wire
