#ifndef IO_URING_SERVER_COUNTERS_H
#define IO_URING_SERVER_COUNTERS_H

#include "server_shell.h"

/* Beyond the workload's counters, summed over the loops: loop_iterations, the rings'
 * sqes_submitted, cqes_reaped and enter_calls, and buffer_ring_empty (recvs that found no
 * provided buffer). The rr server's also bytes_written. */
void uring_server_put_counters(const void* server, const struct server_totals* totals,
                               const rb_counter_sink* sink);

#endif
