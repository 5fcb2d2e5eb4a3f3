// What the runner prints on a terminal: a progress line while cells run, then the
// comparison tables as aligned plain text.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "model/results.h"

namespace rb::report {

// Every comparison table of the run (see comparison_table.h), separated by blank lines:
//
//   flower: dispatch_us (us, lower is better)  median [95% CI]  writes=100
//   pipes  active          libevent2          raw-epoll
//   -----  ------  -----------------  -----------------
//     100     100  12.3 [12.1, 12.5]  10.1 [9.98, 10.2]
std::string format_console_tables(const RunResult& run);

// "[ 3/12] 25% eta 0:41  flower libevent2 pipes=100": the ETA extrapolates the average time
// per finished cell ("eta -:--" before the first one finishes).
std::string format_progress(std::size_t done, std::size_t total, double elapsed_s,
                            std::string_view current);

}  // namespace rb::report
