#include "exec/cell_child.h"

#include <unistd.h>

#include <fmt/format.h>
#include <algorithm>

#include "model/external_server.h"
#include "text/shell_quote.h"

namespace rb::exec {
namespace {

std::vector<proc::ChildProcess::InheritedFd> with_job(
    std::vector<proc::ChildProcess::InheritedFd> inherited, const proc::OwnedFd& job) {
  inherited.push_back({job.get(), kJobFd});
  return inherited;
}

std::vector<std::string> launched_argv(const CellLauncher& launcher) {
  std::vector<std::string> argv = launcher.prefix;
  for (const std::string& word :
       {launcher.runner.string(), std::string("__cell"), std::string(kJobStdinOption)})
    argv.push_back(launcher.through_shell ? text::shell_quote(word) : word);
  return argv;
}

}  // namespace

bool launcher_uses_shell(const std::vector<std::string>& prefix) {
  // Not only as the program: `sudo -u bench ssh HOST` and `timeout 60 ssh HOST` hand the
  // same one line to the same remote shell.
  return std::any_of(prefix.begin(), prefix.end(), [](const std::string& word) {
    return std::filesystem::path(word).filename() == "ssh";
  });
}

CellChild::CellChild(const std::filesystem::path& runner_exe, const CellJob& job,
                     const std::filesystem::path& log_path, int report_child_fd,
                     const std::vector<InheritedFd>& inherited)
    : CellChild(runner_exe, job_file(job), log_path, report_child_fd, inherited) {}

// The job's file stays open in the parent only until the child has inherited it.
CellChild::CellChild(const std::filesystem::path& runner_exe, const proc::OwnedFd& job,
                     const std::filesystem::path& log_path, int report_child_fd,
                     std::vector<InheritedFd> inherited)
    : ChildProcess({runner_exe.string(), "__cell", kJobFdOption, std::to_string(kJobFd)}, log_path,
                   report_child_fd, with_job(std::move(inherited), job)) {}

CellChild::CellChild(const CellLauncher& launcher, const CellJob& job,
                     const std::filesystem::path& log_path)
    : CellChild(launcher, job_line(job), log_path) {}

CellChild::CellChild(const CellLauncher& launcher, const std::string& job_line,
                     const std::filesystem::path& log_path)
    : ChildProcess(launched_argv(launcher), log_path, STDOUT_FILENO, {},
                   {.search_path = true, .input = &job_line}),
      launcher_text_(command_line(launcher.prefix)),
      launched_runner_(launcher.runner.string()) {}

bool CellChild::read_reports(const std::function<void(ChildMessage&&)>& on_message) {
  return read_lines([&](std::string_view line) {
    // Every message is a JSON object: anything else is not worth a parser's exception (a
    // launcher such as `yes` sends nothing else, as fast as it can).
    std::optional<ChildMessage> message;
    if (line.starts_with('{')) message = parse_child_message(line);
    if (message) {
      on_message(std::move(*message));
      return;
    }
    if (unreadable_lines_++ == 0) {
      first_unreadable_ = line.substr(0, 120);
      protocol_error_ =
          fmt::format("unreadable report line from the cell's process: '{}'", first_unreadable_);
    }
  });
}

std::string CellChild::stream_note() const {
  std::string note;
  if (unreadable_lines_ > 1)
    note = fmt::format("{} unreadable report lines from the cell's process, the first: '{}'",
                       unreadable_lines_, first_unreadable_);
  else if (unreadable_lines_ == 1)
    note = *protocol_error_;
  const std::string dropped = dropped_output_note();
  if (!dropped.empty()) note += (note.empty() ? "report stream: " : "; ") + dropped;
  return note;
}

Rusage CellChild::rusage() const {
  return rusage_of(*this);
}

Rusage rusage_of(const proc::ChildProcess& child) {
  const struct rusage& usage = child.usage();
  Rusage r;
  r.user_s = static_cast<double>(usage.ru_utime.tv_sec) + usage.ru_utime.tv_usec / 1e6;
  r.sys_s = static_cast<double>(usage.ru_stime.tv_sec) + usage.ru_stime.tv_usec / 1e6;
  r.max_rss_kib = usage.ru_maxrss;
  r.voluntary_cs = usage.ru_nvcsw;
  r.involuntary_cs = usage.ru_nivcsw;
  return r;
}

}  // namespace rb::exec
