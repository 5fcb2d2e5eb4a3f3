#include <event2/event.h>

#include "abi_tables.h"
#include "flower.h"
#include "notify.h"
#include "options.h"
#include "pingpong_client.h"
#include "pingpong_server.h"
#include "reactorbench/plugin.h"
#include "rr_server.h"

RB_C_PLUGIN(libevent2, "libevent2", "1.0.0", "libevent", event_get_version,
            "libevent 2.1 event_base run as test/bench.c runs it; options: "
            "backend=epoll|poll|select, changelist=on|off; notify: wakeup=pipe|eventfd, "
            "drain=one|all; rr: http=bufferevent|evhttp",
            kLibevent2Options);
