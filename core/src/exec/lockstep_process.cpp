#include "exec/lockstep_process.h"

#include <map>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "exec/cell_child.h"
#include "exec/child_outcome.h"
#include "exec/lockstep_worker.h"

namespace rb::exec {
namespace {

// The member's own CPU time and context switches (its thread's), with the process's peak
// RSS, which the members shared; the process's whole usage when the thread's never came.
Rusage member_usage(const Rusage& process, const std::map<std::string, std::uint64_t>& own) {
  const auto user = own.find(kThreadUserUs);
  const auto sys = own.find(kThreadSysUs);
  if (user == own.end() || sys == own.end()) return process;
  Rusage out = process;
  out.user_s = static_cast<double>(user->second) / 1e6;
  out.sys_s = static_cast<double>(sys->second) / 1e6;
  auto count = [&](const char* name) {
    const auto it = own.find(name);
    return it == own.end() ? 0L : static_cast<long>(it->second);
  };
  out.voluntary_cs = count(kThreadVoluntaryCs);
  out.involuntary_cs = count(kThreadInvoluntaryCs);
  return out;
}

}  // namespace

std::vector<CellProcessResult> run_lockstep_process(
    CellJob job, const CellProcessOptions& options,
    const std::function<void(std::size_t member, const Sample&)>& on_sample) {
  job.report_fd = kChildReportFd;
  for (auto& partner : job.lockstep_partners) partner.report_fd = kChildReportFd;
  const std::size_t members = job.lockstep_partners.size() + 1;
  CellChild child(options.runner_exe, job, options.log_path, kChildReportFd);
  std::vector<ChildLedger> ledgers(members);
  std::optional<CanaryResult> canary;
  std::optional<std::string> stray;  // a message for no member: the process misbehaved
  const std::optional<ChildEnd> stopped =
      drive_cell_child(child, options, [&](ChildMessage&& message) {
        if (message.type == ChildMessage::Type::canary) {
          canary = message.canary;
          return;
        }
        if (message.member < 0 || static_cast<std::size_t>(message.member) >= members) {
          if (!stray)
            stray = fmt::format("the lockstep process sent a message for member {} of {}",
                                message.member, members);
          return;
        }
        const auto k = static_cast<std::size_t>(message.member);
        if (message.type == ChildMessage::Type::sample) on_sample(k, *message.sample);
        ledgers[k].record(std::move(message));
      });

  std::vector<CellProcessResult> results(members);
  for (std::size_t k = 0; k < members; ++k) {
    CellProcessResult& result = results[k];
    ChildEnd end = stopped ? *stopped : classify_exit(child, ledgers[k], options.log_path);
    if (end.status == CellStatus::ok && stray) end = {CellStatus::failed, *stray};
    result.status = end.status;
    result.reason = std::move(end.reason);
    result.samples = std::move(ledgers[k].samples);
    result.provenance = std::move(ledgers[k].provenance);
    result.canary = canary;
    result.rusage = member_usage(child.rusage(), ledgers[k].final_counters);
  }
  return results;
}

}  // namespace rb::exec
