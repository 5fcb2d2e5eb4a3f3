#include <ev.h>
#include <pthread.h>
#include <stdio.h>

#include "abi_tables.h"
#include "flower.h"
#include "notify.h"
#include "options.h"
#include "pingpong_client.h"
#include "pingpong_server.h"
#include "reactorbench/plugin.h"
#include "rr_server.h"

static char version_text[32];
static pthread_once_t version_once = PTHREAD_ONCE_INIT;

static void format_version(void) {
  snprintf(version_text, sizeof version_text, "%d.%d", ev_version_major(), ev_version_minor());
}

/* The libev.so.4 loaded at run time, which may be newer than the ev.h built against. */
static const char* libev_version(void) {
  pthread_once(&version_once, format_version);
  return version_text;
}

RB_C_PLUGIN(libev, "libev", "1.0.0", "libev", libev_version,
            "libev 4 ev_loop per thread: ev_io watchers, ev_break, ev_async for hand-offs and "
            "notify; option backend=epoll|poll|select",
            kLibevOptions);
