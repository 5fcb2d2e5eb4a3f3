// What the runner prints on a terminal: a progress line while cells run, then the
// comparison tables as aligned plain text.
#pragma once

#include <cstddef>
#include <optional>
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
//
// With colour, failed cells and their lines under "Cells without results" are painted
// (status_tint.h); the layout is the same.
std::string format_console_tables(const RunResult& run, bool colour = false);

// The cell-round a progress line shows, and how far it is.
struct RunningCell {
  std::string_view label;  // "flower libevent2 pipes=100 ..."
  int round = 0;           // 1-based; 0: none shown
  int rounds = 0;
  int iteration = 0;  // iterations reported so far, warm-up included
  int iterations = 0;
};

// "[ 3/12] 25% eta 0:41  round 1/5 it 3/6  flower libevent2 pipes=100": cell-rounds done of
// the total, the ETA (exec/progress_tracker.h; "eta -:--" while unknown), then what runs,
// its round and iteration before its label, so that a line cut to the terminal's width keeps
// the parts that move.
std::string format_progress(std::size_t done, std::size_t total, std::optional<double> remaining_s,
                            const RunningCell& running = {});

// The line a run prints for each cell when its output is no terminal (a log, CI), once the
// cell is final: "cell 12/270  ok       flower libevent2 pipes=100 ...  5 rounds, 0.12 s";
// a cell that is not ok says why instead. `colour`: its status word in status_tint.h's colour.
std::string format_cell_line(std::size_t n, std::size_t of, const CellResult& cell,
                             bool colour = false);

// `line` cut to `width` columns, ending in "..." when cut (the labels are ASCII: a byte a
// column), so that a progress line redrawn with \r never wraps onto a second line.
std::string fit_to_width(std::string line, std::size_t width);

}  // namespace rb::report
