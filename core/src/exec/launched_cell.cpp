#include "exec/launched_cell.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <string>
#include <system_error>
#include <thread>

#include "exec/cell_worker.h"
#include "exec/child_stream.h"
#include "workload/host_services.h"

namespace rb::exec {
namespace {

[[noreturn]] void throw_errno(const char* what) {
  throw std::system_error(errno, std::generic_category(), what);
}

// Up to the first newline; byte by byte, so nothing after it is consumed (the watcher's).
std::string read_first_line(int fd) {
  std::string line;
  for (char c;;) {
    const ssize_t n = ::read(fd, &c, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw_errno("reading the job from stdin");
    if (n == 0 || c == '\n') return line;
    line += c;
  }
}

}  // namespace

CellJob take_job_from_stdin() {
  const int reports = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, STDERR_FILENO + 1);
  if (reports < 0) throw_errno("taking stdout for the reports");
  if (::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) throw_errno("dup2 of stderr to stdout");
  // First of all, so that the parent knows a runner answered, and which protocol it speaks.
  ChildStreamWriter(reports).hello();
  CellJob job = cell_job_from_json(nlohmann::json::parse(read_first_line(STDIN_FILENO)));
  job.report_fd = reports;
  return job;
}

void stop_when_stdin_closes(long grace_ms) {
  std::thread([grace_ms] {
    char chunk[256];
    for (;;) {
      const ssize_t n = ::read(STDIN_FILENO, chunk, sizeof chunk);
      if (n > 0 || (n < 0 && errno == EINTR)) continue;
      break;
    }
    workload::request_stop();
    std::this_thread::sleep_for(std::chrono::milliseconds(grace_ms));
    ::_exit(kWorkerCellFailed);
  }).detach();
}

}  // namespace rb::exec
