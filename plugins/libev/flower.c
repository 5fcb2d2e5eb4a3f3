#include "flower.h"

#include <ev.h>
#include <stdlib.h>

#include "error_message.h"
#include "flower_harness.h"
#include "options.h"

/* How often a dispatch that reads nothing asks the host whether to give up. Never due while
 * the game moves, so it costs the measured loop only a timer at the top of its heap. */
static const ev_tstamp kStopCheckPeriod = 0.25;

struct libev_flower {
  struct flower_game game; /* first: the harness's view of this state */
  struct ev_loop* loop;
  ev_io* watchers; /* one per pipe; watchers[i].data is the flower */
  ev_timer stop_check;
  uint64_t reads_at_last_check;
};

static void on_readable(struct ev_loop* loop, ev_io* watcher, int revents) {
  (void)revents;
  struct libev_flower* flower = watcher->data;
  hot_potato_on_readable(&flower->game.potato, (uint32_t)(watcher - flower->watchers));
  if (hot_potato_done(&flower->game.potato)) {
    ev_break(loop, EVBREAK_ONE);
  }
}

static void on_stop_check(struct ev_loop* loop, ev_timer* timer, int revents) {
  (void)revents;
  struct libev_flower* flower = timer->data;
  if (flower_game_stop_asked(&flower->game, flower->reads_at_last_check)) {
    ev_break(loop, EVBREAK_ONE);
  }
  flower->reads_at_last_check = flower->game.potato.count;
}

static void teardown(struct flower_game* game) {
  struct libev_flower* flower = (struct libev_flower*)game;
  if (flower->loop != NULL) {
    for (uint32_t i = 0; flower->watchers != NULL && i < game->potato.pipes; ++i) {
      ev_io_stop(flower->loop, &flower->watchers[i]);
    }
    ev_timer_stop(flower->loop, &flower->stop_check);
    ev_loop_destroy(flower->loop);
  }
  free(flower->watchers);
}

static int setup(struct flower_game* game, const rb_option_value* values, char* err,
                 size_t err_len) {
  struct libev_flower* flower = (struct libev_flower*)game;
  game->arm_policy = FLOWER_ARM_REREGISTERS; /* ev_io_stop + ev_io_start on every pipe */
  const int rc = new_loop_from(values, &flower->loop, err, err_len);
  if (rc != RB_OK) {
    return rc;
  }
  const uint32_t pipes = game->potato.pipes;
  flower->watchers = calloc(pipes, sizeof *flower->watchers);
  if (flower->watchers == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u watchers", pipes);
  }
  for (uint32_t i = 0; i < pipes; ++i) {
    ev_io_init(&flower->watchers[i], on_readable, game->potato.read_fds[i], EV_READ);
    flower->watchers[i].data = flower;
  }
  ev_timer_init(&flower->stop_check, on_stop_check, 0., kStopCheckPeriod);
  flower->stop_check.data = flower;
  return RB_OK;
}

static int arm(struct flower_game* game, char* err, size_t err_len) {
  (void)err;
  (void)err_len;
  struct libev_flower* flower = (struct libev_flower*)game;
  for (uint32_t i = 0; i < game->potato.pipes; ++i) {
    ev_io* watcher = &flower->watchers[i];
    ev_io_stop(flower->loop, watcher);
    ev_io_set(watcher, game->potato.read_fds[i], EV_READ);
    ev_io_start(flower->loop, watcher);
  }
  /* libev hands watcher changes to the backend at the top of its next iteration; one
   * non-blocking pass here charges that to setup, as bench.c does, not to the dispatch. */
  ev_run(flower->loop, EVRUN_NOWAIT);
  flower->reads_at_last_check = 0;
  ev_timer_again(flower->loop, &flower->stop_check);
  return RB_OK;
}

static int dispatch(struct flower_game* game, char* err, size_t err_len) {
  (void)err;
  (void)err_len;
  struct libev_flower* flower = (struct libev_flower*)game;
  const unsigned int iterations_before = ev_iteration(flower->loop);
  /* Returns on the callbacks' ev_break only: the stop-check timer keeps the loop alive. */
  ev_run(flower->loop, 0);
  game->loop_iterations = ev_iteration(flower->loop) - iterations_before;
  return RB_OK;
}

FLOWER_GAME_OPS(libev_flower_ops, struct libev_flower, kLibevOptions, setup, arm, dispatch,
                teardown);
