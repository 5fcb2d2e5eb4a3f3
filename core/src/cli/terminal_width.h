// How many columns the terminal on a descriptor has: what a progress line redrawn in place
// must fit in (a longer one wraps, and every redraw then adds a line).
#pragma once

#include <cstddef>

namespace rb::cli {

// The window's width (TIOCGWINSZ), else $COLUMNS, else 80.
std::size_t terminal_width(int fd);

}  // namespace rb::cli
