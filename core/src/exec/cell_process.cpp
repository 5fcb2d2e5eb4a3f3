#include "exec/cell_process.h"

#include <poll.h>

#include <fmt/format.h>
#include <algorithm>
#include <cerrno>
#include <system_error>
#include <thread>

#include "exec/cell_child.h"
#include "exec/child_outcome.h"

namespace rb::exec {
namespace {

using Clock = std::chrono::steady_clock;

bool interrupted(const CellProcessOptions& options) {
  return options.interrupted != nullptr && options.interrupted->load();
}

}  // namespace

std::string timeout_reason(std::chrono::milliseconds timeout) {
  return fmt::format("no result within the timeout of {} ms", timeout.count());
}

std::optional<ChildEnd> drive_cell_child(CellChild& child, const CellProcessOptions& options,
                                         const std::function<void(ChildMessage&&)>& on_message) {
  const Clock::time_point deadline = Clock::now() + options.timeout;
  std::optional<ChildEnd> stopped;  // set when the parent stops the child itself

  auto stop_if_due = [&] {
    if (stopped) return;
    if (interrupted(options))
      stopped = ChildEnd{CellStatus::interrupted, "interrupted by the user"};
    else if (Clock::now() >= deadline)
      stopped = ChildEnd{CellStatus::timeout, timeout_reason(options.timeout)};
    if (stopped) child.terminate(options.kill_grace);
  };

  // Reads until the child closes its end, the deadline passes or the run is interrupted.
  while (child.report_fd() >= 0) {
    stop_if_due();
    if (stopped) break;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    pollfd p{child.report_fd(), POLLIN, 0};
    const int rc = ::poll(&p, 1, static_cast<int>(std::clamp<long>(left.count(), 0, 200)));
    if (rc < 0 && errno != EINTR) throw std::system_error(errno, std::generic_category(), "poll");
    if (rc <= 0) continue;
    child.read_reports(on_message);
  }
  // Reaps the child, still honouring the deadline.
  while (!child.try_reap()) {
    stop_if_due();
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  // A stop the child's own output may explain (a launcher that printed only noise).
  if (const std::string note = child.stream_note(); stopped && !note.empty())
    stopped->reason += "; " + note;
  return stopped;
}

CellProcessResult run_cell_process(CellJob job, const CellProcessOptions& options,
                                   const std::function<void(const Sample&)>& on_sample) {
  job.report_fd = kChildReportFd;
  CellChild child(options.runner_exe, job, options.log_path, kChildReportFd);
  ChildLedger ledger;
  const std::optional<ChildEnd> stopped =
      drive_cell_child(child, options, [&](ChildMessage&& message) {
        if (message.type == ChildMessage::Type::sample) on_sample(*message.sample);
        ledger.record(std::move(message));
      });

  CellProcessResult result;
  const ChildEnd end = stopped ? *stopped : classify_exit(child, ledger, options.log_path);
  result.status = end.status;
  result.reason = end.reason;
  result.samples = std::move(ledger.samples);
  result.provenance = std::move(ledger.provenance);
  result.canary = ledger.canary;
  result.rusage = child.rusage();
  return result;
}

}  // namespace rb::exec
