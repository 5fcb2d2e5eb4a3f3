#include "rr_server.h"

#include <stdlib.h>

#include "abi_tables.h"
#include "error_message.h"
#include "options.h"
#include "rr_variant.h"
#include "server_counters.h"
#include "server_params.h"
#include "sigpipe_guard.h"

struct rr_server {
  const struct rr_variant* variant;
  void* impl;
};

static int prepare(const rb_host* host, const rb_rr_server_params* params, const rb_option* options,
                   uint32_t option_count, void** state, char* err, size_t err_len) {
  (void)host;
  int rc = rr_server_check_params(params, state, err, err_len);
  if (rc != RB_OK) return rc;
  struct rr_options parsed;
  rc = parse_rr_options(options, option_count, &parsed, err, err_len);
  if (rc != RB_OK) return rc;
  struct rr_server* server = calloc(1, sizeof *server);
  if (server == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  server->variant = parsed.use_evhttp ? &libevent2_rr_evhttp : &libevent2_rr_bufferevent;
  rc = server->variant->prepare(params, &parsed, &server->impl, err, err_len);
  if (rc != RB_OK) {
    free(server);
    return rc;
  }
  *state = server;
  return RB_OK;
}

static int serve(void* state, char* err, size_t err_len) {
  struct rr_server* server = state;
  if (server == NULL) return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "serve: no state");
  struct sigpipe_guard guard;
  sigpipe_guard_enter(&guard);
  const int rc = server->variant->serve(server->impl, err, err_len);
  sigpipe_guard_leave(&guard);
  return rc;
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct rr_server* server = state;
  const int rc = counters_check(server, sink, err, err_len);
  if (rc != RB_OK) return rc;
  struct rr_counts counts = {0, 0, 0, 0};
  server->variant->count(server->impl, &counts);
  rr_server_put_counters(sink, counts.connections, counts.requests, counts.bad_requests,
                         counts.accept_refused);
  return RB_OK;
}

static void release(void* state) {
  struct rr_server* server = state;
  if (server == NULL) return;
  server->variant->release(server->impl);
  free(server);
}

const rb_rr_server_ops libevent2_rr_server_ops =
    RB_RR_SERVER_OPS(prepare, serve, counters, release);
