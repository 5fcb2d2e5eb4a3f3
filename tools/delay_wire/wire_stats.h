// What the wire did per direction, printed on exit (stderr, and --stats FILE) as one line a
// direction: "from=NETNS to=NETNS packets=N bytes=N dropped=N" (dropped: the queue was full,
// or the far end refused the write).
#pragma once

#include <cstdint>
#include <string>

namespace delay_wire {

struct DirectionStats {
  std::uint64_t packets = 0;
  std::uint64_t bytes = 0;
  std::uint64_t dropped = 0;
};

std::string stats_line(const std::string& from, const std::string& to, const DirectionStats& stats);

}  // namespace delay_wire
