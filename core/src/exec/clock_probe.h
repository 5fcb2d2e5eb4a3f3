// How fine and how costly the runner's clock (CLOCK_MONOTONIC, every timestamp the host takes)
// is on this machine, measured at the start of a run: a metric whose median is within a few
// of these is the clock's, not the code's.
#pragma once

namespace rb::exec {

struct ClockFacts {
  // The smallest nonzero step between two consecutive reads (never below clock_getres): what
  // two timestamps can tell apart, the cost of a read included.
  double resolution_ns = 0;
  double overhead_ns = 0;  // the mean cost of one clock_gettime
};

// A few milliseconds of reading the clock.
ClockFacts measure_monotonic_clock();

}  // namespace rb::exec
