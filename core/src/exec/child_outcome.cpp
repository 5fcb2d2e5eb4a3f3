#include "exec/child_outcome.h"

#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>
#include <utility>

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
    case ChildMessage::Type::hello:
      hello_protocol = message.protocol;
      break;
  }
}

bool ChildLedger::silent() const {
  return !hello_protocol && !provenance && samples.empty() && !failure && !done && !ready &&
         final_counters.empty() && !canary && listening_port == 0;
}

namespace {

// How much of a log's end is read for its last line: a child that flooded its log (GBs of
// stderr, no newline) costs the runner this much memory, not the log's size.
constexpr off_t kLogTail = 64 * 1024;
constexpr std::size_t kShownLine = 300;

// The log's last kLogTail bytes, and whether anything comes before them.
std::pair<std::string, bool> log_tail(const std::filesystem::path& log_path) {
  const int fd = ::open(log_path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return {"", false};
  struct stat st {};
  std::string tail;
  off_t start = 0;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    start = std::max<off_t>(0, st.st_size - kLogTail);
    tail.resize(static_cast<std::size_t>(st.st_size - start));
    const ssize_t got = ::pread(fd, tail.data(), tail.size(), start);
    tail.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
  }
  ::close(fd);
  return {std::move(tail), start > 0};
}

}  // namespace

std::string last_log_line(const std::filesystem::path& log_path) {
  const auto [tail, cut] = log_tail(log_path);
  const std::size_t end = tail.find_last_not_of('\n');
  if (end == std::string::npos) return "";
  const std::size_t nl = tail.rfind('\n', end);
  const std::size_t begin = nl == std::string::npos ? 0 : nl + 1;
  std::string last = tail.substr(begin, end + 1 - begin);
  if (last.size() > kShownLine) last = last.substr(0, kShownLine) + "...";
  // The line began before the part read: say that its start is missing.
  if (nl == std::string::npos && cut) last = "..." + last;
  return last;
}

namespace {

// A launched child must have said "hello" in this runner's protocol before anything else
// counts: a launcher that finds no program, a program that is no runner (/bin/true), or a
// runner of another version.
std::optional<ChildEnd> check_handshake(const CellChild& child, const ChildLedger& ledger,
                                        int status, const std::filesystem::path& log_path) {
  std::string reason;
  if (ledger.silent() && WIFEXITED(status) && WEXITSTATUS(status) != 0)
    reason = fmt::format("no runner answered at {} (the launcher exited with status {})",
                         child.launched_runner(), WEXITSTATUS(status));
  else if (!ledger.hello_protocol)
    reason = fmt::format(
        "the remote runner '{}' did not answer the handshake (is it a reactorbench runner?)",
        child.launched_runner());
  else if (*ledger.hello_protocol != kLaunchProtocol)
    return ChildEnd{CellStatus::failed,
                    fmt::format("the remote runner '{}' speaks launch protocol {}, this runner "
                                "{}: install the same version there",
                                child.launched_runner(), *ledger.hello_protocol, kLaunchProtocol)};
  else
    return std::nullopt;
  const std::string last = last_log_line(log_path);
  if (!last.empty()) reason += "; last output: " + last;
  return ChildEnd{CellStatus::failed, std::move(reason)};
}

}  // namespace

ChildEnd classify_exit(const CellChild& child, const ChildLedger& ledger,
                       const std::filesystem::path& log_path) {
  if (child.exec_error() != 0)
    return {
        CellStatus::failed,
        fmt::format("could not start the cell's process: exec {} failed: {} ({})", child.program(),
                    ::strerror(child.exec_error()), ::strerrorname_np(child.exec_error()))};
  const int status = child.wait_status();
  if (!child.launcher_text().empty())
    if (std::optional<ChildEnd> end = check_handshake(child, ledger, status, log_path)) return *end;
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
  // An unreadable line, or one over the reader's bound (a report lost).
  if (std::string note = child.stream_note(); !note.empty())
    return {CellStatus::failed, std::move(note)};
  if (WEXITSTATUS(status) != 0)
    return {CellStatus::failed,
            fmt::format("the cell's process exited with status {}", WEXITSTATUS(status))};
  return {CellStatus::ok, ""};
}

}  // namespace rb::exec
