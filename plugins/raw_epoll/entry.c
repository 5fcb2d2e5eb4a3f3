#include "abi_tables.h"
#include "flower.h"
#include "kernel_release.h"
#include "notify.h"
#include "options.h"
#include "pingpong_client.h"
#include "pingpong_server.h"
#include "reactorbench/plugin.h"
#include "rr_server.h"

static const rb_plugin kDescriptor = {
    .struct_size = sizeof(rb_plugin),
    .abi_version = RB_ABI_VERSION,
    .name = "raw-epoll",
    .version = "1.0.0",
    .library = "linux-epoll",
    .library_version = kernel_release,
    .description =
        "the floor: epoll_wait on fds added once and kept, read callback inline; "
        "option max_events; notify: eventfd + mutex queue, wake=every|when_empty",
    RB_EVERY_WORKLOAD(raw_epoll),
    .options = kRawEpollOptions,
    .option_count = kRawEpollOptionCount,
};

RB_C_PLUGIN_ENTRY(kDescriptor)
