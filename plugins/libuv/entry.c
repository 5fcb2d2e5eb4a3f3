#include <pthread.h>
#include <uv.h>

#include "abi_tables.h"
#include "flower.h"
#include "notify.h"
#include "options.h"
#include "pingpong_client.h"
#include "pingpong_server.h"
#include "reactorbench/plugin.h"
#include "rr_server.h"

static const rb_plugin kDescriptor = RB_C_PLUGIN_DESCRIPTOR(
    libuv, "libuv", "1.0.0", "libuv", uv_version_string,
    "libuv uv_loop_t: flower on uv_poll_t (uv_run ONCE per turn), pingpong and rr on "
    "uv_tcp_t with an acceptor handing fds to worker loops, notify on uv_async_t; "
    "option read_size (pingpong, rr)",
    kLibuvOptions);

/* The first uv_loop_init of a process also creates libuv's process-wide signal-lock pipe,
 * which libuv keeps open until exit (only uv_library_shutdown, after which libuv cannot be
 * used again, would close it). Made here, while the host loads the plugin, it is part of the
 * process the host starts from rather than two fds that seem to outlive the first release. */
static void create_libuv_process_state(void) {
  uv_loop_t loop;
  if (uv_loop_init(&loop) == 0) uv_loop_close(&loop);
}

RB_PLUGIN_ENTRY(host_abi_version) {
  if (RB_VERSION_MAJOR(host_abi_version) != RB_ABI_MAJOR) return NULL;
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, create_libuv_process_state);
  return &kDescriptor;
}
