#include "server_shell.h"

#include <stdlib.h>
#include <string.h>

#include "error_message.h"

/* The state the host holds. */
struct server_shell {
  const struct server_kind* kind;
  void* impl;
};

static int open_shell(const struct server_kind* kind, const struct server_setup* setup,
                      const rb_option* options, uint32_t option_count, void** state, char* err,
                      size_t err_len) {
  struct server_shell* shell = calloc(1, sizeof *shell);
  if (shell == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  shell->kind = kind;
  const int rc = kind->open(setup, options, option_count, &shell->impl, err, err_len);
  if (rc != RB_OK) {
    free(shell);
    return rc;
  }
  *state = shell;
  return RB_OK;
}

/* The members both workloads' params begin with, in this order. */
struct params_head {
  uint32_t struct_size;
  int listen_fd;
  int stop_fd;
  uint32_t threads;
};
_Static_assert(offsetof(rb_pingpong_server_params, threads) ==
                   offsetof(struct params_head, threads),
               "pingpong params begin as params_head");
_Static_assert(offsetof(rb_rr_server_params, threads) == offsetof(struct params_head, threads),
               "rr params begin as params_head");

/* RB_OK with *setup filled but for body_size, when params are `needed` bytes at least. */
static int check_params(const void* params, size_t needed, const char* workload, void** state,
                        struct server_setup* setup, char* err, size_t err_len) {
  struct params_head head = {0, -1, -1, 0};
  if (params != NULL) memcpy(&head.struct_size, params, sizeof head.struct_size);
  if (head.struct_size >= needed) memcpy(&head, params, sizeof head);
  if (state == NULL || head.struct_size < needed || head.threads == 0)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "%s server params missing, too small or with 0 threads", workload);
  *state = NULL;
  *setup = (struct server_setup){head.listen_fd, head.stop_fd, head.threads, 0};
  return RB_OK;
}

int pingpong_server_prepare(const struct server_kind* kind, const rb_pingpong_server_params* params,
                            const rb_option* options, uint32_t option_count, void** state,
                            char* err, size_t err_len) {
  struct server_setup setup;
  const size_t needed = offsetof(rb_pingpong_server_params, block_size) + sizeof params->block_size;
  const int rc = check_params(params, needed, "pingpong", state, &setup, err, err_len);
  if (rc != RB_OK) return rc;
  return open_shell(kind, &setup, options, option_count, state, err, err_len);
}

int rr_server_prepare(const struct server_kind* kind, const rb_rr_server_params* params,
                      const rb_option* options, uint32_t option_count, void** state, char* err,
                      size_t err_len) {
  struct server_setup setup;
  const size_t needed = offsetof(rb_rr_server_params, body_size) + sizeof params->body_size;
  const int rc = check_params(params, needed, "rr", state, &setup, err, err_len);
  if (rc != RB_OK) return rc;
  setup.body_size = params->body_size;
  return open_shell(kind, &setup, options, option_count, state, err, err_len);
}

int server_shell_serve(void* state, char* err, size_t err_len) {
  struct server_shell* shell = state;
  if (shell == NULL) return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "serve: no state");
  return shell->kind->serve(shell->impl, err, err_len);
}

/* The workload's counters (`rr`: requests, else bytes), then the kind's own. */
static int put_counters(const struct server_shell* shell, const rb_counter_sink* sink, int rr,
                        char* err, size_t err_len) {
  const int rc = counters_check(shell, sink, err, err_len);
  if (rc != RB_OK) return rc;
  struct server_totals totals = {0};
  shell->kind->count(shell->impl, &totals);
  sink->put(sink->ctx, "connections", totals.connections);
  if (rr) {
    sink->put(sink->ctx, "requests", totals.counts.requests);
    sink->put(sink->ctx, "bad_requests", totals.counts.bad_requests);
  } else {
    sink->put(sink->ctx, "bytes_read", totals.counts.bytes_read);
    sink->put(sink->ctx, "bytes_written", totals.counts.bytes_written);
  }
  sink->put(sink->ctx, "accept_refused", totals.accept_refused);
  if (shell->kind->put_more != NULL) shell->kind->put_more(shell->impl, sink);
  return RB_OK;
}

int pingpong_server_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  return put_counters(state, sink, 0, err, err_len);
}

int rr_server_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  return put_counters(state, sink, 1, err, err_len);
}

void server_shell_release(void* state) {
  struct server_shell* shell = state;
  if (shell == NULL) return;
  shell->kind->close(shell->impl);
  free(shell);
}
