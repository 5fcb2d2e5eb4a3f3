#include "flower_harness.h"

#include <stdlib.h>

#include "error_message.h"

static void remember_host(struct flower_game* game, const rb_host* host) {
  const size_t needed = offsetof(rb_host, stop_requested) + sizeof host->stop_requested;
  if (host != NULL && host->struct_size >= needed && host->stop_requested != NULL) {
    game->stop_requested = host->stop_requested;
    game->host_ctx = host->ctx;
  }
}

/* set_up: the backend's setup ran (whether or not it succeeded). */
static void destroy(struct flower_game* game, int set_up) {
  if (set_up) {
    game->backend->teardown(game);
  }
  hot_potato_free(&game->potato);
  free(game);
}

void flower_game_release(void* state) {
  if (state != NULL) {
    destroy(state, 1);
  }
}

int flower_game_prepare(const struct flower_backend* backend, const rb_host* host,
                        const rb_flower_params* params, const rb_option* options,
                        uint32_t option_count, void** state, char* err, size_t err_len) {
  if (state == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "prepare: state is NULL");
  }
  *state = NULL;
  struct flower_game* game = calloc(1, backend->state_size);
  if (game == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for the plugin state");
  }
  game->backend = backend;
  remember_host(game, host);
  int rc = hot_potato_init(&game->potato, params, err, err_len);
  if (rc != RB_OK) {
    destroy(game, 0);
    return rc;
  }
  rb_option_value* values = NULL;
  rc = option_table_parse_new(&backend->options, "flower", options, option_count, &values, err,
                              err_len);
  if (rc != RB_OK) {
    destroy(game, 0);
    return rc;
  }
  rc = backend->setup(game, values, err, err_len);
  free(values);
  if (rc != RB_OK) {
    destroy(game, 1);
    return rc;
  }
  *state = game;
  return RB_OK;
}

int flower_game_dispatch(void* state, char* err, size_t err_len) {
  struct flower_game* game = state;
  if (game == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "dispatch: state is NULL");
  }
  if (!game->armed) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "dispatch without arm");
  }
  const struct hot_potato* potato = &game->potato;
  game->stopped_by_host = 0;
  game->loop_iterations = 0;
  const int rc = game->backend->dispatch(game, err, err_len);
  if (rc != RB_OK) {
    return rc;
  }
  if (potato->fatal) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "%s", potato->fatal_message);
  }
  if (!hot_potato_finished(potato)) {
    return report_error(RB_ERR_INTERNAL, err, err_len, "%s after %llu of %llu reads",
                        game->stopped_by_host ? "stopped by the host" : "the loop returned",
                        (unsigned long long)potato->count, (unsigned long long)potato->fired);
  }
  return RB_OK;
}

int flower_game_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct flower_game* game = state;
  const int rc = counters_check(game, sink, err, err_len);
  if (rc == RB_OK) {
    hot_potato_put_counters(&game->potato, game->loop_iterations, sink);
    if (game->arm_policy != FLOWER_ARM_UNSAID)
      sink->put(sink->ctx, "arm_reregisters", game->arm_policy == FLOWER_ARM_REREGISTERS);
    if (game->backend->put_more != NULL) game->backend->put_more(game, sink);
  }
  return rc;
}
