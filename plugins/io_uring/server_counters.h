#ifndef IO_URING_SERVER_COUNTERS_H
#define IO_URING_SERVER_COUNTERS_H

#include "server_shell.h"

/* Beyond the workload's counters, the loops' (uring_loops_put_counters: the rings' work, the
 * buffer ring's, the passes'). The rr server's also bytes_written. */
void uring_server_put_counters(const void* server, const struct server_totals* totals,
                               const rb_counter_sink* sink);

#endif
