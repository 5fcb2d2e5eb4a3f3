#ifndef RB_PLUGIN_COMMON_SERVER_COUNTERS_H
#define RB_PLUGIN_COMMON_SERVER_COUNTERS_H

#include <stddef.h>
#include <stdint.h>

#include "reactorbench/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The counters the host requires of a pingpong server, and of an rr server, and the
 * connections every server refused for want of file descriptors ("accept_refused"). */
void pingpong_server_put_counters(const rb_counter_sink* sink, uint64_t connections,
                                  uint64_t bytes_read, uint64_t bytes_written,
                                  uint64_t accept_refused);
void rr_server_put_counters(const rb_counter_sink* sink, uint64_t connections, uint64_t requests,
                            uint64_t bad_requests, uint64_t accept_refused);

#ifdef __cplusplus
}
#endif

#endif
