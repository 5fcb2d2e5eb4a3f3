#include <event2/event.h>

#include "abi_tables.h"
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
    RB_EVERY_WORKLOAD(libevent2),
    .options = kLibevent2Options,
    .option_count = kLibevent2OptionCount,
};

RB_C_PLUGIN_ENTRY(kDescriptor)
