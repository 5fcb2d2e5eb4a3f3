#include "cli/interrupt.h"

#include <signal.h>

namespace rb::cli {
namespace {

std::atomic<bool> g_interrupted{false};

void on_interrupt(int) {
  g_interrupted.store(true);
}

}  // namespace

const std::atomic<bool>& install_interrupt_flag(bool hangup_too) {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
  struct sigaction hangup {};
  if (hangup_too && ::sigaction(SIGHUP, nullptr, &hangup) == 0 && hangup.sa_handler != SIG_IGN)
    ::sigaction(SIGHUP, &action, nullptr);
  return g_interrupted;
}

}  // namespace rb::cli
