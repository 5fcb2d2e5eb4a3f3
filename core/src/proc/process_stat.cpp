#include "proc/process_stat.h"

#include <charconv>
#include <exception>
#include <sstream>

namespace rb::proc {

std::optional<ProcessStat> parse_process_stat(std::string_view line) {
  // "PID (COMM) STATE PPID ...": the name may hold spaces and parentheses, so it runs from
  // the first '(' to the last ')'.
  const auto open = line.find('(');
  const auto close = line.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open)
    return std::nullopt;
  ProcessStat out;
  const std::string_view pid_text = line.substr(0, open > 0 ? open - 1 : 0);
  long pid = 0;
  if (std::from_chars(pid_text.data(), pid_text.data() + pid_text.size(), pid).ec != std::errc())
    return std::nullopt;
  out.pid = static_cast<pid_t>(pid);
  out.comm = std::string(line.substr(open + 1, close - open - 1));
  std::istringstream fields{std::string(line.substr(close + 1))};
  std::string field;
  unsigned long long utime = 0, stime = 0;
  // Field 3 (state) is the first after the name; ppid is 4, utime 14, stime 15, starttime 22.
  int index = 3;
  for (; index <= 22 && fields >> field; ++index) {
    try {
      if (index == 4) out.ppid = static_cast<pid_t>(std::stol(field));
      if (index == 14) utime = std::stoull(field);
      if (index == 15) stime = std::stoull(field);
      if (index == 22) out.start_time = std::stoull(field);
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  if (index <= 22) return std::nullopt;
  out.utime_ticks = utime;
  out.stime_ticks = stime;
  out.cpu_ticks = utime + stime;
  return out;
}

}  // namespace rb::proc
