#include "flower.h"

#include <stdlib.h>
#include <uv.h>

#include "error_message.h"
#include "flower_harness.h"
#include "loop_teardown.h"
#include "options.h"

/* With no timer pending, uv_run(UV_RUN_ONCE) blocks in epoll_wait for good, so a lost byte
 * would hang dispatch; this timer bounds every wait so the host's stop request gets through. */
enum { kWatchdogMs = 1000 };

struct libuv_flower {
  struct flower_game game; /* first: the harness's view of this state */
  uv_loop_t loop;
  int loop_ready;
  uv_poll_t* polls; /* one per pipe, polls[i] on read end i */
  uv_timer_t watchdog;
};

static void teardown(struct flower_game* game) {
  struct libuv_flower* flower = (struct libuv_flower*)game;
  /* Closing a poll handle takes its fd out of the loop's epoll set and leaves it open. */
  if (flower->loop_ready) close_loop(&flower->loop);
  free(flower->polls);
}

static void on_poll(uv_poll_t* handle, int status, int events) {
  struct libuv_flower* flower = handle->loop->data;
  const uint32_t idx = (uint32_t)(handle - flower->polls);
  if (status < 0)
    hot_potato_fail(&flower->game.potato, "poll", idx, uv_strerror(status));
  else if (events & UV_READABLE)
    hot_potato_on_readable(&flower->game.potato, idx);
}

static void on_watchdog(uv_timer_t* timer) {
  (void)timer;
}

/* No option of the table applies to flower: values go unread. */
static int setup(struct flower_game* game, const rb_option_value* values, char* err,
                 size_t err_len) {
  (void)values;
  struct libuv_flower* flower = (struct libuv_flower*)game;
  game->arm_policy = FLOWER_ARM_REREGISTERS; /* uv_poll_start on every pipe */
  int rc = open_loop(&flower->loop, &flower->loop_ready, err, err_len);
  if (rc != RB_OK) return rc;
  flower->loop.data = flower;
  const uint32_t pipes = game->potato.pipes;
  const int* read_fds = game->potato.read_fds;
  flower->polls = calloc(pipes, sizeof *flower->polls);
  if (flower->polls == NULL)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u poll handles", pipes);
  for (uint32_t i = 0; i < pipes; ++i) {
    rc = uv_poll_init(&flower->loop, &flower->polls[i], read_fds[i]);
    if (rc != 0)
      return report_error(RB_ERR_SYSTEM, err, err_len, "uv_poll_init on pipe %u (fd %d): %s", i,
                          read_fds[i], uv_strerror(rc));
  }
  rc = uv_timer_init(&flower->loop, &flower->watchdog);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_timer_init: %s", uv_strerror(rc));
  return RB_OK;
}

static int arm(struct flower_game* game, char* err, size_t err_len) {
  struct libuv_flower* flower = (struct libuv_flower*)game;
  for (uint32_t i = 0; i < game->potato.pipes; ++i) {
    const int rc = uv_poll_start(&flower->polls[i], UV_READABLE, on_poll);
    if (rc != 0)
      return report_error(RB_ERR_SYSTEM, err, err_len, "uv_poll_start on pipe %u (fd %d): %s", i,
                          game->potato.read_fds[i], uv_strerror(rc));
  }
  /* libuv makes the epoll_ctl calls in its next poll; one turn that does not block makes
   * them now, in setup, so dispatch is charged for the game only (bench.c does the same). */
  uv_run(&flower->loop, UV_RUN_NOWAIT);
  return RB_OK;
}

static int dispatch(struct flower_game* game, char* err, size_t err_len) {
  struct libuv_flower* flower = (struct libuv_flower*)game;
  const int rc = uv_timer_start(&flower->watchdog, on_watchdog, kWatchdogMs, kWatchdogMs);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_timer_start: %s", uv_strerror(rc));
  while (!hot_potato_done(&game->potato)) {
    const uint64_t reads_before = game->potato.count;
    uv_run(&flower->loop, UV_RUN_ONCE);
    game->loop_iterations += 1;
    if (flower_game_stop_asked(game, reads_before)) break;
  }
  uv_timer_stop(&flower->watchdog);
  return RB_OK;
}

FLOWER_GAME_OPS(libuv_flower_ops, struct libuv_flower, kLibuvOptions, setup, arm, dispatch,
                teardown);
