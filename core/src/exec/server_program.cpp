#include "exec/server_program.h"

#include <string.h>
#include <sys/wait.h>

#include <fmt/format.h>
#include <map>

#include "exec/child_outcome.h"
#include "exec/tcp_probe.h"
#include "model/external_server.h"

namespace rb::exec {
namespace {

// A program on this host answers a connection at once or not at all.
constexpr std::chrono::milliseconds kLocalProbeTimeout{1000};

std::vector<std::string> filled_command(const CellSpec& cell, const std::string& host, int port) {
  std::map<std::string, std::string> values = {{"port", std::to_string(port)}, {"host", host}};
  for (const auto& param : cell.params) values.emplace(param.name, rb::to_string(param.value));
  std::vector<std::string> argv;
  for (const auto& argument : cell.external_server.value().command)
    argv.push_back(fill_placeholders(argument, values));
  return argv;
}

}  // namespace

ServerProgram::ServerProgram(const CellSpec& cell, const std::string& host, int port,
                             const std::vector<int>& cpus, const std::filesystem::path& log_path)
    : ServerProgram(filled_command(cell, host, port), host, port, cpus, log_path) {}

ServerProgram::ServerProgram(const std::vector<std::string>& argv, const std::string& host,
                             int port, const std::vector<int>& cpus,
                             const std::filesystem::path& log_path)
    : proc::ChildProcess(argv, log_path, -1, {}, {.search_path = true, .cpus = cpus}),
      host_(host),
      port_(port),
      command_text_(command_line(argv)) {}

bool ServerProgram::accepts() const {
  return tcp_connect_error(host_, port_, kLocalProbeTimeout) == 0;
}

std::string ServerProgram::early_end_reason(const std::filesystem::path& log_path) const {
  if (exec_error() != 0)
    return fmt::format("cannot start `{}`: {} ({})", command_text_, ::strerror(exec_error()),
                       ::strerrorname_np(exec_error()));
  const int status = wait_status();
  std::string reason =
      WIFSIGNALED(status)
          ? fmt::format("`{}` was killed by signal {} ({}) before it was asked to stop",
                        command_text_, WTERMSIG(status), ::sigdescr_np(WTERMSIG(status)))
          : fmt::format("`{}` exited with status {} before it was asked to stop", command_text_,
                        WEXITSTATUS(status));
  const std::string last = last_log_line(log_path);
  if (!last.empty()) reason += "; last output: " + last;
  return reason;
}

}  // namespace rb::exec
