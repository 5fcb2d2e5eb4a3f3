// Text from outside the runner (a plugin's name, version and error texts, a results file, a
// config) made safe to show: on a terminal an ESC, a carriage return or a C1 control byte
// would move the cursor, clear the screen or retitle the window, and a newline would break a
// table's row in two. Everything that prints such text passes it through here.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace rb::text {

// One line of visible text: C0 controls (newline and tab included) and DEL as \n, \r, \t or
// \xNN; C1 controls (U+0080..U+009F) as \u0080..\u009F; bytes that are not valid UTF-8 as
// \xNN. Printable UTF-8 passes unchanged.
std::string printable(std::string_view text);

// The same, but newlines are kept: for messages whose lines are the runner's own.
std::string printable_lines(std::string_view text);

// printable(text) for a message that echoes a value: at most about max_bytes of it (cut
// between UTF-8 characters), a longer one ending "... (N bytes)" so a 5 MB value is neither
// printed whole nor mistaken for a short one.
std::string printable_excerpt(std::string_view text, std::size_t max_bytes = 64);

}  // namespace rb::text
