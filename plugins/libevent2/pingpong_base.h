#ifndef LIBEVENT2_PINGPONG_BASE_H
#define LIBEVENT2_PINGPONG_BASE_H

#include <stddef.h>

#include "options.h"

struct event_base;

/* An event_base for the pingpong roles, built from [plugin_options.libevent2] the way the
 * flower workload builds its own (the requested backend only, the environment ignored).
 * NULL with the reason in err on failure. */
struct event_base* pingpong_new_base(const struct loop_options* options, char* err, size_t err_len);

#endif
