// The child side of [run] pairing = "iterations": one process runs the cells of one point
// (the job's own and its lockstep_partners), each plugin in a thread of its own, and lets
// them take turns iteration by iteration (exec/lockstep_baton.h), so each plugin's iteration i
// is measured milliseconds from the others' on the same CPU. Every message it sends carries
// the member it is about (exec/child_stream.h).
#pragma once

#include "exec/cell_job.h"
#include "workload/workload.h"

namespace rb::exec {

// The counters each member sends once its thread ends: the thread's own CPU time (us) and
// context switches (getrusage RUSAGE_THREAD), the member's share of the process's usage.
inline constexpr const char* kThreadUserUs = "thread_user_us";
inline constexpr const char* kThreadSysUs = "thread_sys_us";
inline constexpr const char* kThreadVoluntaryCs = "thread_voluntary_cs";
inline constexpr const char* kThreadInvoluntaryCs = "thread_involuntary_cs";

// Loads every member's plugin (a file two members share is loaded from a private copy for
// the second, so that each has its own globals: dlopen would hand back the first mapping),
// runs them turn by turn and reports each member's loaded / sample / failed / done. A member
// that fails leaves the turns; the others go on. Throws only for the process's own failures.
void run_lockstep(const CellJob& job, const workload::Workload& workload, int report_fd);

}  // namespace rb::exec
