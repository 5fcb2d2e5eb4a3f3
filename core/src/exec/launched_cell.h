// The child side of a cell started through a launcher (`launcher... runner __cell
// --job-stdin`, exec/cell_child.h): the launcher (ssh, `ip netns exec`) carries only stdin,
// stdout and stderr, so the job comes in as stdin's first line, the reports go out on stdout,
// and the end of stdin is the parent's stop request (a signal to the launcher never reaches
// this process on another host).
#pragma once

#include "exec/cell_job.h"

namespace rb::exec {

// Takes stdout for the reports, answers the parent's handshake there ("hello", first of all)
// and reads the job from stdin's first line: the job's report_fd becomes a copy of stdout,
// and stdout itself goes to stderr, so whatever a plugin prints reaches the parent's log,
// never the report stream. Throws std::system_error or
// nlohmann::json::exception.
CellJob take_job_from_stdin();

// From now on a background thread waits for stdin to close (the parent's terminate(), or
// the launcher's session ending): then it requests the stop SIGTERM requests
// (workload::request_stop) and, should the process still run grace_ms later, ends it.
void stop_when_stdin_closes(long grace_ms);

}  // namespace rb::exec
