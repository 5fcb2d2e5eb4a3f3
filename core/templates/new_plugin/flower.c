/* The flower workload (libevent's test/bench.c hot potato): the kit's flower harness runs the
 * game and talks to the host; this file is only the loop. Replace epoll with your library:
 *   setup     create the loop and a read watcher per pipe (not timed)
 *   arm       register every watcher, and make the loop apply it now (timed: setup_us)
 *   dispatch  run the loop until the game is done (timed: dispatch_us)
 *   teardown  free the loop; never close the host's fds
 *
 * The arm policy decides what setup_us compares. This loop keeps its registrations from one
 * iteration to the next (arm registers each pipe once, as raw-epoll does), so setup_us is
 * nearly nothing; a plugin that re-registers every watcher in every arm (as libevent's
 * bench.c does with event_add) measures the cost of that. Say which in setup (arm_policy:
 * FLOWER_ARM_KEEPS or FLOWER_ARM_REREGISTERS); the harness reports it as the standard counter
 * arm_reregisters (0 or 1), so a reader of the table knows what the column compares. */
#include <errno.h>
#include <reactorbench/kit/error_message.h>
#include <reactorbench/kit/flower_harness.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "options.h"

struct flower_loop {
  struct flower_game game; /* first: the harness's view of this state */
  int epoll_fd;
  uint32_t registered; /* read ends added so far; they stay registered until release */
  struct epoll_event* events;
  int timeout_ms;
};

static void teardown(struct flower_game* game) {
  struct flower_loop* loop = (struct flower_loop*)game;
  if (loop->epoll_fd >= 0) close(loop->epoll_fd);
  free(loop->events);
}

static int setup(struct flower_game* game, const rb_option_value* values, char* err,
                 size_t err_len) {
  struct flower_loop* loop = (struct flower_loop*)game;
  loop->epoll_fd = -1; /* teardown runs after a failed setup too */
  game->arm_policy = FLOWER_ARM_KEEPS;
  loop->timeout_ms = poll_timeout_ms_of(values);
  loop->events = calloc(game->potato.pipes, sizeof(struct epoll_event));
  if (loop->events == NULL)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u pipes",
                        game->potato.pipes);
  loop->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  if (loop->epoll_fd < 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_create1: %s", strerror(errno));
  return RB_OK;
}

static int arm(struct flower_game* game, char* err, size_t err_len) {
  struct flower_loop* loop = (struct flower_loop*)game;
  /* Resumes where a failed arm stopped, so a retry never meets EEXIST. */
  for (; loop->registered < game->potato.pipes; ++loop->registered) {
    const uint32_t idx = loop->registered;
    struct epoll_event interest = {.events = EPOLLIN, .data.u32 = idx};
    if (epoll_ctl(loop->epoll_fd, EPOLL_CTL_ADD, game->potato.read_fds[idx], &interest) != 0)
      return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_ctl(ADD) on pipe %u: %s", idx,
                          strerror(errno));
  }
  return RB_OK;
}

static int dispatch(struct flower_game* game, char* err, size_t err_len) {
  struct flower_loop* loop = (struct flower_loop*)game;
  while (!hot_potato_done(&game->potato)) {
    const uint64_t reads_before = game->potato.count;
    const int ready =
        epoll_wait(loop->epoll_fd, loop->events, (int)game->potato.pipes, loop->timeout_ms);
    /* One turn of the loop: the "loop_iterations" counter. A library that hides its polls
     * counts the turns of its run-once call, or its callbacks' batches. */
    game->loop_iterations += 1;
    /* EINTR is the host's SIGTERM (or any signal): not an error, but a turn that read nothing,
     * after which flower_game_stop_asked looks at the host's stop request. A library that
     * retries EINTR inside its loop must still return within poll_timeout_ms. */
    if (ready < 0 && errno != EINTR)
      return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_wait: %s", strerror(errno));
    for (int i = 0; i < ready; ++i) {
      /* The read callback: take the byte, pass one on while the budget lasts. */
      hot_potato_on_readable(&game->potato, loop->events[i].data.u32);
    }
    if (flower_game_stop_asked(game, reads_before)) break;
  }
  return RB_OK;
}

FLOWER_GAME_OPS(RB_TEMPLATE_IDENT_flower_ops, struct flower_loop, kPluginOptions, setup, arm,
                dispatch, teardown);
