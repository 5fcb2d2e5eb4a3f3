// A word as a POSIX shell reads it back: the one quoting of anything the runner hands to a
// shell it does not control (the command line ssh runs on another host, exec/cell_child.h),
// and of commands shown in messages.
#pragma once

#include <string>
#include <string_view>

namespace rb::text {

// `word` unchanged when it is made only of characters no shell treats specially (letters,
// digits and `@%+=:,./_-`, not empty); otherwise in single quotes, each ' inside written as
// '\'' (end the quotes, an escaped quote, quotes again). A shell parses the result as
// exactly `word`: one argument, nothing expanded, nothing run.
std::string shell_quote(std::string_view word);

}  // namespace rb::text
