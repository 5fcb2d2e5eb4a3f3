// `runner serve` started in the background for a test: the port it announced, SIGINT, and
// what it printed.
#pragma once

#include <sys/types.h>

#include <functional>
#include <string>
#include <vector>

#include "../run_helpers.h"

namespace rbtest {

// How to start it: TMPDIR for the runner (empty: inherited), and what to do once its pid is
// known but before it runs (a test plants files at names derived from the pid).
struct ServeLaunch {
  std::string tmpdir = {};
  std::function<void(pid_t)> before_exec = {};
  std::string workload = "rr";
  // stdout a pipe nobody reads (its read end closed), instead of runner.stdout.
  bool stdout_closed = false;
};

class ServeProcess {
 public:
  // Starts `runner serve --workload <launch.workload> --listen 127.0.0.1:0 <extra>` and waits
  // (up to 20 s) for its "serving ... on [http://]127.0.0.1:PORT" line; port() is 0 if it
  // never came.
  ServeProcess(const ScratchDir& dir, const std::vector<std::string>& extra,
               const ServeLaunch& launch = {});
  ~ServeProcess();
  int port() const { return port_; }
  // SIGINT, then its exit code (128 + signal if it died of one).
  int interrupt_and_wait();
  // The same with another signal (SIGHUP); -1 if it had already ended.
  int signal_and_wait(int signal);
  // Whether it ended on its own before announcing a port (reaped).
  bool ended() const { return pid_ <= 0; }
  std::string out() const;
  std::string err() const;

 private:
  const ScratchDir& dir_;
  pid_t pid_ = -1;
  int port_ = 0;
};

// Runs a shell command and returns its stdout (stderr merged) and exit status.
struct ShellResult {
  int status = -1;
  std::string output;
};
ShellResult shell(const std::string& command);

}  // namespace rbtest
