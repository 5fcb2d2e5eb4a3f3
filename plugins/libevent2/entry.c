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

static const rb_plugin kDescriptor = RB_C_PLUGIN_DESCRIPTOR(
    libevent2, "libevent2", "1.0.0", "libevent", libevent_version,
    "libevent 2.1 event_base run as test/bench.c runs it; options: "
    "backend=epoll|poll|select, changelist=on|off; notify: wakeup=pipe|eventfd, "
    "drain=one|all; rr: http=bufferevent|evhttp",
    kLibevent2Options);

RB_C_PLUGIN_ENTRY(kDescriptor)
