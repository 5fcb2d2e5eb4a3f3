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
    .flower = &raw_epoll_flower_ops,
    .notify = &raw_epoll_notify_ops,
    .pingpong_server = &raw_epoll_pingpong_server_ops,
    .pingpong_client = &raw_epoll_pingpong_client_ops,
    .rr_server = &raw_epoll_rr_server_ops,
    .options = kRawEpollOptions,
    .option_count = kRawEpollOptionCount,
};

RB_PLUGIN_ENTRY(host_abi_version) {
  if (RB_VERSION_MAJOR(host_abi_version) != RB_ABI_MAJOR) {
    return NULL;
  }
  return &kDescriptor;
}
