#include "proc/load_average.h"

#include <fmt/format.h>
#include <fstream>

namespace rb::proc {

double one_minute_load_average() {
  std::ifstream in("/proc/loadavg");
  double load = 0;
  return in >> load ? load : 0.0;
}

std::string load_average_text() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  if (!(in >> one >> five >> fifteen)) return "";
  return fmt::format("{} {} {}", one, five, fifteen);
}

}  // namespace rb::proc
