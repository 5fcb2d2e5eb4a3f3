#include <event2/event.h>

#include "flower.h"
#include "notify.h"
#include "options.h"
#include "pingpong_client.h"
#include "pingpong_server.h"
#include "reactorbench/plugin.h"
#include "rr_server.h"

static const char* libevent_version(void) {
  return event_get_version();
}

static const rb_plugin kDescriptor = {
    .struct_size = sizeof(rb_plugin),
    .abi_version = RB_ABI_VERSION,
    .name = "libevent2",
    .version = "1.0.0",
    .library = "libevent",
    .library_version = libevent_version,
    .description =
        "libevent 2.1 event_base run as test/bench.c runs it; options: "
        "backend=epoll|poll|select, changelist=on|off; notify: wakeup=pipe|eventfd, "
        "drain=one|all; rr: http=bufferevent|evhttp",
    .flower = &libevent2_flower_ops,
    .notify = &libevent2_notify_ops,
    .pingpong_server = &libevent2_pingpong_server_ops,
    .pingpong_client = &libevent2_pingpong_client_ops,
    .rr_server = &libevent2_rr_server_ops,
    .options = kLibevent2Options,
    .option_count = kLibevent2OptionCount,
};

RB_PLUGIN_ENTRY(host_abi_version) {
  if (RB_VERSION_MAJOR(host_abi_version) != RB_ABI_MAJOR) {
    return NULL;
  }
  return &kDescriptor;
}
