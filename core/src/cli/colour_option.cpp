#include "cli/colour_option.h"

#include "text/colour_mode.h"

namespace rb::cli {

bool colour_for(const std::string& mode, int fd) {
  const auto parsed = text::colour_mode_named(mode);
  return parsed && text::colour_wanted(*parsed, fd);
}

}  // namespace rb::cli
