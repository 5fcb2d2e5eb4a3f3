// The canary: a fixed CPU loop and a fixed syscall loop that every cell child runs on its
// pinned CPU before the plugin is loaded. Their speed says how fast the machine was during
// that round, which /proc/stat cannot tell inside a VM whose host steals time without
// reporting it (steal stays 0 here). Results are never divided by it: it only lets a
// comparison say that the machine, not the code, changed.
#pragma once

namespace rb::exec {

struct CanaryResult {
  double cpu_ns = 0;      // ns per step of a dependent integer chain (an LCG)
  double syscall_ns = 0;  // ns per getppid(2)
};

// ~3 ms of CPU loop and ~1-2 ms of syscalls, each the best of a few short repeats, so one
// interruption (a tick, a migration) does not read as a slow machine. The same code in every
// build: compiled at -O2 whatever the build type, and nothing in it depends on a plugin.
CanaryResult run_canary();

}  // namespace rb::exec
