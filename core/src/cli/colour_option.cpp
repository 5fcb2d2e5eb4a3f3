#include "cli/colour_option.h"

#include "text/colour_mode.h"

namespace rb::cli {

void add_colour_option(CLI::App& command, std::string& mode) {
  command
      .add_option("--color", mode,
                  "colour the verdicts and failed cells: auto (default: on a terminal, unless "
                  "NO_COLOR is non-empty or TERM=dumb), always or never")
      ->check(CLI::IsMember(text::colour_mode_names()));
}

bool colour_for(const std::string& mode, int fd) {
  const auto parsed = text::colour_mode_named(mode);
  return parsed && text::colour_wanted(*parsed, fd);
}

}  // namespace rb::cli
