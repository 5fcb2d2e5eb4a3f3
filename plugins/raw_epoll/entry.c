#include "abi_tables.h"
#include "flower.h"
#include "kernel_release.h"
#include "notify.h"
#include "options.h"
#include "pingpong_client.h"
#include "pingpong_server.h"
#include "reactorbench/plugin.h"
#include "rr_server.h"

RB_C_PLUGIN(raw_epoll, "raw-epoll", "1.0.0", "linux-epoll", kernel_release,
            "the floor: epoll_wait on fds added once and kept, read callback inline; "
            "option max_events; notify: eventfd + mutex queue, wake=every|when_empty",
            kRawEpollOptions);
