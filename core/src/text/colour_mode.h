// Whether console output gets colour: `--color auto|always|never` and the conventions a
// terminal user expects (https://no-color.org: a non-empty NO_COLOR turns automatic colour
// off; TERM=dumb cannot show it). The decision is a pure function of what it is given, so its
// truth table is testable without a terminal; colour_wanted() reads the real process state.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rb::text {

enum class ColourMode { auto_detect, always, never };

// "auto", "always", "never"
const char* to_string(ColourMode mode);
// The mode of one of those names; nothing for anything else.
std::optional<ColourMode> colour_mode_named(std::string_view name);
// Every name, for CLI11's IsMember (which lists them in --help).
std::vector<std::string> colour_mode_names();

// What the automatic mode looks at; an unset variable is nullopt.
struct ColourSurroundings {
  bool is_tty = false;
  std::optional<std::string> no_color;
  std::optional<std::string> term;
};

// always: colour (an explicit request wins over NO_COLOR); never: none; auto: only on a
// terminal, when NO_COLOR is unset or empty and TERM is not "dumb".
bool should_colour(ColourMode mode, const ColourSurroundings& around);

// should_colour() for output to fd, with isatty(fd) and this process's NO_COLOR and TERM.
bool colour_wanted(ColourMode mode, int fd);

}  // namespace rb::text
