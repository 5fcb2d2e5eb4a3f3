#include "exec/child_outcome.h"

#include <string.h>
#include <sys/wait.h>

#include <fmt/format.h>
#include <fstream>

namespace rb::exec {

void ChildLedger::record(ChildMessage&& message) {
  switch (message.type) {
    case ChildMessage::Type::loaded:
      provenance = std::move(message.provenance);
      break;
    case ChildMessage::Type::sample:
      samples.push_back(std::move(*message.sample));
      break;
    case ChildMessage::Type::failed:
      failure = std::move(message.reason);
      break;
    case ChildMessage::Type::done:
      done = true;
      break;
    case ChildMessage::Type::ready:
      ready = std::move(message.counters);
      break;
    case ChildMessage::Type::counters:
      final_counters = std::move(message.counters);
      break;
    case ChildMessage::Type::canary:
      canary = message.canary;
      break;
    case ChildMessage::Type::listening:
      listening_port = message.port;
      break;
  }
}

bool ChildLedger::silent() const {
  return !provenance && samples.empty() && !failure && !done && !ready && final_counters.empty() &&
         !canary && listening_port == 0;
}

std::string last_log_line(const std::filesystem::path& log_path) {
  std::ifstream in(log_path);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  if (last.size() > 300) last = last.substr(0, 300) + "...";
  return last;
}

ChildEnd classify_exit(const CellChild& child, const ChildLedger& ledger,
                       const std::filesystem::path& log_path) {
  if (child.exec_error() != 0)
    return {
        CellStatus::failed,
        fmt::format("could not start the cell's process: exec {} failed: {} ({})", child.program(),
                    ::strerror(child.exec_error()), ::strerrorname_np(child.exec_error()))};
  const int status = child.wait_status();
  if (!child.launcher_text().empty() && ledger.silent() && WIFEXITED(status) &&
      WEXITSTATUS(status) != 0) {
    std::string reason =
        fmt::format("no runner answered at {} (the launcher exited with status {})",
                    child.launched_runner(), WEXITSTATUS(status));
    const std::string last = last_log_line(log_path);
    if (!last.empty()) reason += "; last output: " + last;
    return {CellStatus::failed, std::move(reason)};
  }
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    std::string reason = fmt::format("killed by signal {} ({})", sig, ::sigdescr_np(sig));
    const std::string last = last_log_line(log_path);
    if (!last.empty()) reason += "; last output: " + last;
    return {CellStatus::crashed, std::move(reason)};
  }
  if (ledger.failure) return {CellStatus::failed, *ledger.failure};
  if (!ledger.done)
    return {CellStatus::failed,
            fmt::format("the cell's process exited with status {} before finishing (did the "
                        "plugin call exit()?)",
                        WEXITSTATUS(status))};
  if (child.protocol_error()) return {CellStatus::failed, *child.protocol_error()};
  if (WEXITSTATUS(status) != 0)
    return {CellStatus::failed,
            fmt::format("the cell's process exited with status {}", WEXITSTATUS(status))};
  return {CellStatus::ok, ""};
}

}  // namespace rb::exec
