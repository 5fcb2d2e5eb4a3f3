// A cell's process as the parent sees it (`runner __cell --job-fd 9`, the job in a file it
// inherits): a proc::ChildProcess whose report pipe carries the messages of
// exec/child_stream.h, one per line.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "exec/cell_job.h"
#include "exec/child_stream.h"
#include "model/results.h"
#include "proc/child_process.h"

namespace rb::exec {

class CellChild : public proc::ChildProcess {
 public:
  // Starts `runner_exe __cell` on this job (job.report_fd must be report_child_fd).
  CellChild(const std::filesystem::path& runner_exe, const CellJob& job,
            const std::filesystem::path& log_path, int report_child_fd,
            const std::vector<InheritedFd>& inherited = {});

  // Reads what the pipe holds now (never blocks) and hands each complete line's message to
  // on_message; a line that is no message is kept as protocol_error(). False at end of file.
  bool read_reports(const std::function<void(ChildMessage&&)>& on_message);

  const std::optional<std::string>& protocol_error() const { return protocol_error_; }
  Rusage rusage() const;

 private:
  CellChild(const std::filesystem::path& runner_exe, const proc::OwnedFd& job,
            const std::filesystem::path& log_path, int report_child_fd,
            std::vector<InheritedFd> inherited);

  std::optional<std::string> protocol_error_;
};

// What wait4 said a reaped child used, in the result model's terms.
Rusage rusage_of(const proc::ChildProcess& child);

}  // namespace rb::exec
