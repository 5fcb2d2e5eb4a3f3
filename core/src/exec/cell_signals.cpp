#include "exec/cell_signals.h"

#include <signal.h>

#include "workload/host_services.h"

namespace rb::exec {
namespace {

void on_sigterm(int) {
  workload::request_stop();
}

}  // namespace

void install_cell_signal_dispositions() {
  struct sigaction action {};
  action.sa_handler = on_sigterm;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGTERM, &action, nullptr);
  ::signal(SIGPIPE, SIG_IGN);
}

}  // namespace rb::exec
