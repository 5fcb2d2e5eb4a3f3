// A cell's process as the parent sees it (`runner __cell --job-fd 9`, the job in a file it
// inherits): a proc::ChildProcess whose report pipe carries the messages of
// exec/child_stream.h, one per line.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "exec/cell_job.h"
#include "exec/child_stream.h"
#include "model/results.h"
#include "proc/child_process.h"

namespace rb::exec {

// A role's child on another host or in another network namespace: `prefix... runner __cell
// --job-stdin` ([run] server_launcher / client_launcher, remote_runner).
struct CellLauncher {
  std::vector<std::string> prefix;  // "ssh", "-T", "bench-b"; never empty
  std::filesystem::path runner;     // the runner's path there
  // ssh joins the words after its options into one line a shell runs there: they are then
  // quoted (text/shell_quote.h), so that a runner path with a space or a `;` stays one word
  // and runs nothing else. Other launchers (ip netns exec, env) exec their words as they are.
  bool through_shell = false;
};

// True for a launcher that runs ssh (any directory), as its program or behind another
// (sudo, timeout, env): ssh hands a shell one line. A word "ssh" that names no program (a
// namespace called ssh) costs nothing but quotes around a runner path that needs them.
bool launcher_uses_shell(const std::vector<std::string>& prefix);

class CellChild : public proc::ChildProcess {
 public:
  // Starts `runner_exe __cell` on this job (job.report_fd must be report_child_fd).
  CellChild(const std::filesystem::path& runner_exe, const CellJob& job,
            const std::filesystem::path& log_path, int report_child_fd,
            const std::vector<InheritedFd>& inherited = {});
  // Starts it through a launcher: the job and then nothing on its stdin (it stops when its
  // stdin closes: terminate()), its reports on its stdout, its stderr into the log. No
  // descriptor but the three standard ones crosses a launcher such as ssh.
  CellChild(const CellLauncher& launcher, const CellJob& job,
            const std::filesystem::path& log_path);

  // Reads what the pipe holds now (never blocks) and hands each complete line's message to
  // on_message; a line that is no message is kept as protocol_error(). False at end of file.
  bool read_reports(const std::function<void(ChildMessage&&)>& on_message);

  // The first unreadable line (more are counted: stream_note()).
  const std::optional<std::string>& protocol_error() const { return protocol_error_; }
  // What was wrong with its report stream, for a reason: the unreadable lines (how many,
  // the first) and the lines over the reader's bound; "" when nothing was.
  std::string stream_note() const;
  Rusage rusage() const;
  // The launcher's command line ("ip netns exec b") and the runner's path behind it; both
  // empty when started here directly.
  const std::string& launcher_text() const { return launcher_text_; }
  const std::string& launched_runner() const { return launched_runner_; }

 private:
  CellChild(const std::filesystem::path& runner_exe, const proc::OwnedFd& job,
            const std::filesystem::path& log_path, int report_child_fd,
            std::vector<InheritedFd> inherited);
  CellChild(const CellLauncher& launcher, const std::string& job_line,
            const std::filesystem::path& log_path);

  std::optional<std::string> protocol_error_;
  std::uint64_t unreadable_lines_ = 0;
  std::string first_unreadable_;
  std::string launcher_text_;
  std::string launched_runner_;
};

// What wait4 said a reaped child used, in the result model's terms.
Rusage rusage_of(const proc::ChildProcess& child);

}  // namespace rb::exec
