// The wire itself: every packet read from one TUN device is written to the other once its
// delay has passed, in the order it came, each direction with its own DelayQueue. One thread,
// one ppoll: it sleeps until a device has a packet, a queued packet falls due (ns timeout;
// no spinning) or a signal arrives on `signal_fd` (a signalfd of SIGTERM, SIGINT, SIGHUP),
// which ends it.
#pragma once

#include <stdexcept>

#include "wire_options.h"
#include "wire_stats.h"

namespace delay_wire {

struct WireLoopStats {
  DirectionStats a_to_b;
  DirectionStats b_to_a;
};

// Forwards between fd_a (options.a's device) and fd_b (options.b's) until a signal; throws
// std::runtime_error naming the end when a device fails. `stats` is filled as it goes, so it
// holds the counts also after a throw.
void run_wire(const WireOptions& options, int fd_a, int fd_b, int signal_fd, WireLoopStats& stats);

}  // namespace delay_wire
