#include <pthread.h>
#include <stdio.h>

#include "abi_tables.h"
#include "flower.h"
#include "kernel_release.h"
#include "notify.h"
#include "options.h"
#include "pingpong_client.h"
#include "pingpong_server.h"
#include "reactorbench/plugin.h"
#include "rr_server.h"

static char version[128];
static pthread_once_t version_once = PTHREAD_ONCE_INIT;

static void describe_version(void) {
  snprintf(version, sizeof version, "%s (Linux %s)", RB_LIBURING_VERSION, kernel_release());
}

/* The library is liburing and the kernel's io_uring behind it: both versions matter. */
static const char* library_version(void) {
  pthread_once(&version_once, describe_version);
  return version;
}

static const rb_plugin io_uring_descriptor = {
    .struct_size = sizeof(rb_plugin),
    .abi_version = RB_ABI_VERSION,
    .name = "io-uring",
    .version = "1.0.0",
    .library = "liburing",
    .library_version = library_version,
    .description =
        "io_uring through liburing: readiness (POLL_ADD, multishot) or completions "
        "carrying the data (READ, RECV); options mode, batch, submit, sqpoll, fixed_files, "
        "multishot, provided_buffers, bundle, incremental_buffers, ring_size, defer_taskrun, "
        "registered_ring, send_zc (SEND_ZC for 8 KiB and more), wake (notify: MSG_RING or "
        "an eventfd READ)",
    .flower = &io_uring_flower_ops,
    .notify = &io_uring_notify_ops,
    .pingpong_server = &io_uring_pingpong_server_ops,
    .pingpong_client = &io_uring_pingpong_client_ops,
    .rr_server = &io_uring_rr_server_ops,
    .options = kIoUringOptions,
    .option_count = kIoUringOptionCount,
};

RB_C_PLUGIN_ENTRY(io_uring_descriptor)
