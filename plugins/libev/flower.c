#include "flower.h"

#include <ev.h>
#include <stdlib.h>

#include "abi_tables.h"
#include "error_message.h"
#include "hot_potato.h"
#include "options.h"

/* How often a dispatch that reads nothing asks the host whether to give up. Never due while
 * the game moves, so it costs the measured loop only a timer at the top of its heap. */
static const ev_tstamp kStopCheckPeriod = 0.25;

struct libev_flower {
  int (*stop_requested)(void* ctx);
  void* host_ctx;
  struct ev_loop* loop;
  ev_io* watchers; /* one per pipe; watchers[i].data is the flower */
  ev_timer stop_check;
  struct hot_potato potato;
  int armed;
  int stopped_by_host;
  uint64_t reads_at_last_check;
  uint64_t loop_iterations; /* ev_iteration delta over the last dispatch */
};

static void remember_host(struct libev_flower* flower, const rb_host* host) {
  const size_t needed = offsetof(rb_host, stop_requested) + sizeof host->stop_requested;
  if (host != NULL && host->struct_size >= needed && host->stop_requested != NULL) {
    flower->stop_requested = host->stop_requested;
    flower->host_ctx = host->ctx;
  }
}

static void on_readable(struct ev_loop* loop, ev_io* watcher, int revents) {
  (void)revents;
  struct libev_flower* flower = watcher->data;
  hot_potato_on_readable(&flower->potato, (uint32_t)(watcher - flower->watchers));
  if (hot_potato_done(&flower->potato)) {
    ev_break(loop, EVBREAK_ONE);
  }
}

/* Only a period without a single read asks the host, so a moving game makes no extra call. */
static void on_stop_check(struct ev_loop* loop, ev_timer* timer, int revents) {
  (void)revents;
  struct libev_flower* flower = timer->data;
  const uint64_t reads = flower->potato.count;
  if (reads == flower->reads_at_last_check && flower->stop_requested != NULL &&
      flower->stop_requested(flower->host_ctx) != 0) {
    flower->stopped_by_host = 1;
    ev_break(loop, EVBREAK_ONE);
  }
  flower->reads_at_last_check = reads;
}

static void destroy(struct libev_flower* flower) {
  if (flower == NULL) {
    return;
  }
  if (flower->loop != NULL) {
    for (uint32_t i = 0; flower->watchers != NULL && i < flower->potato.pipes; ++i) {
      ev_io_stop(flower->loop, &flower->watchers[i]);
    }
    ev_timer_stop(flower->loop, &flower->stop_check);
    ev_loop_destroy(flower->loop);
  }
  free(flower->watchers);
  hot_potato_free(&flower->potato);
  free(flower);
}

static int allocate_watchers(struct libev_flower* flower, char* err, size_t err_len) {
  const uint32_t pipes = flower->potato.pipes;
  flower->watchers = calloc(pipes, sizeof *flower->watchers);
  if (flower->watchers == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u watchers", pipes);
  }
  for (uint32_t i = 0; i < pipes; ++i) {
    ev_io_init(&flower->watchers[i], on_readable, flower->potato.read_fds[i], EV_READ);
    flower->watchers[i].data = flower;
  }
  ev_timer_init(&flower->stop_check, on_stop_check, 0., kStopCheckPeriod);
  flower->stop_check.data = flower;
  return RB_OK;
}

static int flower_prepare(const rb_host* host, const rb_flower_params* params,
                          const rb_option* options, uint32_t option_count, void** state, char* err,
                          size_t err_len) {
  if (state == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "prepare: state is NULL");
  }
  *state = NULL;
  struct loop_options loop_options;
  int rc = parse_loop_options(options, option_count, "flower", &loop_options, err, err_len);
  if (rc != RB_OK) {
    return rc;
  }
  struct libev_flower* flower = calloc(1, sizeof *flower);
  if (flower == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for the plugin state");
  }
  remember_host(flower, host);
  rc = hot_potato_init(&flower->potato, params, err, err_len);
  if (rc == RB_OK) {
    rc = new_loop(&loop_options, &flower->loop, err, err_len);
  }
  if (rc == RB_OK) {
    rc = allocate_watchers(flower, err, err_len);
  }
  if (rc != RB_OK) {
    destroy(flower);
    return rc;
  }
  *state = flower;
  return RB_OK;
}

static int flower_arm(void* state, char* err, size_t err_len) {
  struct libev_flower* flower = state;
  if (flower == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "arm: state is NULL");
  }
  for (uint32_t i = 0; i < flower->potato.pipes; ++i) {
    ev_io* watcher = &flower->watchers[i];
    ev_io_stop(flower->loop, watcher);
    ev_io_set(watcher, flower->potato.read_fds[i], EV_READ);
    ev_io_start(flower->loop, watcher);
  }
  /* libev hands watcher changes to the backend at the top of its next iteration; one
   * non-blocking pass here charges that to setup, as bench.c does, not to the dispatch. */
  ev_run(flower->loop, EVRUN_NOWAIT);
  hot_potato_reset(&flower->potato);
  flower->stopped_by_host = 0;
  flower->reads_at_last_check = 0;
  flower->loop_iterations = 0;
  ev_timer_again(flower->loop, &flower->stop_check);
  flower->armed = 1;
  return RB_OK;
}

static int flower_dispatch(void* state, char* err, size_t err_len) {
  struct libev_flower* flower = state;
  if (flower == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "dispatch: state is NULL");
  }
  if (!flower->armed) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "dispatch without arm");
  }
  const struct hot_potato* potato = &flower->potato;
  const unsigned int iterations_before = ev_iteration(flower->loop);
  /* Returns on the callbacks' ev_break only: the stop-check timer keeps the loop alive. */
  ev_run(flower->loop, 0);
  flower->loop_iterations = ev_iteration(flower->loop) - iterations_before;
  if (potato->fatal) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "%s", potato->fatal_message);
  }
  if (potato->count != potato->fired) {
    return report_error(RB_ERR_INTERNAL, err, err_len, "%s after %llu of %llu reads",
                        flower->stopped_by_host ? "stopped by the host" : "ev_run returned",
                        (unsigned long long)potato->count, (unsigned long long)potato->fired);
  }
  return RB_OK;
}

static int flower_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct libev_flower* flower = state;
  const int rc = counters_check(flower, sink, err, err_len);
  if (rc == RB_OK) hot_potato_put_counters(&flower->potato, flower->loop_iterations, sink);
  return rc;
}

static void flower_release(void* state) {
  destroy(state);
}

const rb_flower_ops libev_flower_ops =
    RB_FLOWER_OPS(flower_prepare, flower_arm, flower_dispatch, flower_counters, flower_release);
