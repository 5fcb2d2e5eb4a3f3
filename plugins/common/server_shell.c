#include "server_shell.h"

#include <stdlib.h>
#include <string.h>

#include "error_message.h"

/* The state the host holds. */
struct server_shell {
  const struct server_kind* kind;
  void* server;
  rb_http_responses responses; /* rr only */
};

static void free_shell(struct server_shell* shell) {
  free(shell->server);
  rb_http_responses_free(&shell->responses);
  free(shell);
}

/* rr: with the responses for setup->body_size. The options are parsed here, once, for every
 * server of every plugin. */
static int open_shell(const struct server_kind* kind, struct server_setup* setup, int rr,
                      const rb_option* options, uint32_t option_count, void** state, char* err,
                      size_t err_len) {
  rb_option_value* values = NULL;
  int rc = option_table_parse_new(&kind->options, rr ? "rr_server" : "pingpong_server", options,
                                  option_count, &values, err, err_len);
  if (rc != RB_OK) return rc;
  struct server_shell* shell = calloc(1, sizeof *shell);
  if (shell != NULL) shell->server = calloc(1, kind->size);
  if (shell == NULL || shell->server == NULL ||
      (rr && rb_http_responses_init(&shell->responses, setup->body_size) != 0)) {
    if (shell != NULL) free_shell(shell);
    free(values);
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for a server%s",
                        rr ? " and its responses" : "");
  }
  if (rr) setup->responses = &shell->responses;
  shell->kind = kind;
  rc = kind->open(shell->server, kind->protocol, setup, values, err, err_len);
  free(values);
  if (rc != RB_OK) {
    free_shell(shell);
    return rc;
  }
  *state = shell;
  return RB_OK;
}

void server_put_bytes_written(const void* server, const struct server_totals* totals,
                              const rb_counter_sink* sink) {
  (void)server;
  sink->put(sink->ctx, "bytes_written", totals->counts.bytes_written);
}

void server_totals_add(struct server_totals* totals, uint64_t connections, uint64_t refused,
                       const struct server_counts* first, size_t stride, uint32_t loops) {
  totals->connections += connections;
  totals->accept_refused += refused;
  for (uint32_t i = 0; i < loops; ++i)
    server_counts_add(&totals->counts,
                      (const struct server_counts*)((const char*)first + stride * i));
}

void server_tally_count(const void* server, struct server_totals* totals) {
  const struct server_tally* tally = server;
  server_totals_add(totals, tally->connections, tally->acceptor.refused, tally->loop_counts,
                    tally->stride, tally->loops);
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
  *setup = (struct server_setup){head.listen_fd, head.stop_fd, head.threads, 0, NULL};
  return RB_OK;
}

int pingpong_server_prepare(const struct server_kind* kind, const rb_pingpong_server_params* params,
                            const rb_option* options, uint32_t option_count, void** state,
                            char* err, size_t err_len) {
  struct server_setup setup;
  const size_t needed = offsetof(rb_pingpong_server_params, block_size) + sizeof params->block_size;
  const int rc = check_params(params, needed, "pingpong", state, &setup, err, err_len);
  if (rc != RB_OK) return rc;
  return open_shell(kind, &setup, 0, options, option_count, state, err, err_len);
}

int rr_server_prepare(const struct server_kind* kind, const rb_rr_server_params* params,
                      const rb_option* options, uint32_t option_count, void** state, char* err,
                      size_t err_len) {
  struct server_setup setup;
  const size_t needed = offsetof(rb_rr_server_params, body_size) + sizeof params->body_size;
  const int rc = check_params(params, needed, "rr", state, &setup, err, err_len);
  if (rc != RB_OK) return rc;
  setup.body_size = params->body_size;
  return open_shell(kind, &setup, 1, options, option_count, state, err, err_len);
}

int server_shell_serve(void* state, char* err, size_t err_len) {
  struct server_shell* shell = state;
  if (shell == NULL) return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "serve: no state");
  return shell->kind->serve(shell->server, err, err_len);
}

/* The workload's counters (`rr`: requests, else bytes), then the kind's own. */
static int put_counters(const struct server_shell* shell, const rb_counter_sink* sink, int rr,
                        char* err, size_t err_len) {
  const int rc = counters_check(shell, sink, err, err_len);
  if (rc != RB_OK) return rc;
  struct server_totals totals = {0};
  shell->kind->count(shell->server, &totals);
  sink->put(sink->ctx, "connections", totals.connections);
  if (rr) {
    sink->put(sink->ctx, "requests", totals.counts.requests);
    sink->put(sink->ctx, "bad_requests", totals.counts.bad_requests);
  } else {
    sink->put(sink->ctx, "bytes_read", totals.counts.bytes_read);
    sink->put(sink->ctx, "bytes_written", totals.counts.bytes_written);
  }
  sink->put(sink->ctx, "accept_refused", totals.accept_refused);
  if (shell->kind->put_more != NULL) shell->kind->put_more(shell->server, &totals, sink);
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
  shell->kind->close(shell->server);
  free_shell(shell);
}
