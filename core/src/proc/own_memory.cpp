#include "proc/own_memory.h"

#include <fstream>
#include <string>
#include <string_view>

namespace rb::proc {
namespace {

long status_field_kib(std::string_view field) {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(field, 0) != 0 || line.size() <= field.size() || line[field.size()] != ':')
      continue;
    try {
      return std::stol(line.substr(field.size() + 1));
    } catch (const std::exception&) {
      return -1;
    }
  }
  return -1;
}

}  // namespace

long own_rss_kib() {
  return status_field_kib("VmRSS");
}

long own_peak_rss_kib() {
  return status_field_kib("VmHWM");
}

bool reset_own_peak_rss() {
  std::ofstream out("/proc/self/clear_refs");
  out << "5";
  out.flush();
  return static_cast<bool>(out);
}

}  // namespace rb::proc
