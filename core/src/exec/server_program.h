// A cell round's server that is a program, not a plugin ([servers.NAME] command, [run]
// server_command; model/external_server.h). Started with its placeholders filled in ({port},
// {host}, the cell's axes), pinned to the server's CPUs, in its own process group, its
// output into the round's server log; ready once its port accepts a connection. The parent
// measures it from /proc as it measures a plugin's server (pair_process.h) and stops it once
// the client is done: SIGTERM to its group, SIGKILL after the grace.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "model/cell.h"
#include "proc/child_process.h"

namespace rb::exec {

class ServerProgram : public proc::ChildProcess {
 public:
  // cell.external_server must hold a command. Throws std::system_error when fork fails; a
  // program that cannot be executed shows as exec_error().
  ServerProgram(const CellSpec& cell, const std::string& host, int port,
                const std::vector<int>& cpus, const std::filesystem::path& log_path);

  // The command as run (placeholders filled), one line, for messages.
  const std::string& command_text() const { return command_text_; }
  // True once HOST:PORT accepts a TCP connection; each probe connects and closes at once.
  bool accepts() const;
  // Why it ended on its own (it has been reaped): it could not be started, or it exited or
  // was killed before the runner asked it to stop; with its last line of output.
  std::string early_end_reason(const std::filesystem::path& log_path) const;

 private:
  ServerProgram(const std::vector<std::string>& argv, const std::string& host, int port,
                const std::vector<int>& cpus, const std::filesystem::path& log_path);

  std::string host_;
  int port_;
  std::string command_text_;
};

}  // namespace rb::exec
