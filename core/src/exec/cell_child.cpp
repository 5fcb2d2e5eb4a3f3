#include "exec/cell_child.h"

#include <unistd.h>

#include <fmt/format.h>

#include "model/external_server.h"

namespace rb::exec {
namespace {

std::vector<proc::ChildProcess::InheritedFd> with_job(
    std::vector<proc::ChildProcess::InheritedFd> inherited, const proc::OwnedFd& job) {
  inherited.push_back({job.get(), kJobFd});
  return inherited;
}

std::vector<std::string> launched_argv(const CellLauncher& launcher) {
  std::vector<std::string> argv = launcher.prefix;
  argv.insert(argv.end(), {launcher.runner.string(), "__cell", kJobStdinOption});
  return argv;
}

}  // namespace

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
    if (auto message = parse_child_message(line))
      on_message(std::move(*message));
    else
      protocol_error_ = fmt::format("unreadable report line from the cell's process: '{}'",
                                    std::string(line.substr(0, 120)));
  });
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
