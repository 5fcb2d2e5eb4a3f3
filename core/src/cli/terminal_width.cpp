#include "cli/terminal_width.h"

#include <sys/ioctl.h>

#include <cstdlib>
#include <string>

namespace rb::cli {

std::size_t terminal_width(int fd) {
  constexpr std::size_t kDefault = 80;
  winsize size{};
  if (::ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  if (const char* columns = std::getenv("COLUMNS"); columns != nullptr) {
    try {
      const long n = std::stol(columns);
      if (n > 0) return static_cast<std::size_t>(n);
    } catch (const std::exception&) {
    }
  }
  return kDefault;
}

}  // namespace rb::cli
