#include "flower.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "error_message.h"
#include "flower_harness.h"
#include "options.h"
#include "spin.h"

enum {
  /* Default epoll_wait batch: enough for every ready fd of a large sweep in one call. */
  kDefaultMaxEvents = 4096,
  /* A lost byte would block epoll_wait forever; a finite wait lets the host's stop through. */
  kWaitTimeoutMs = 1000
};

struct raw_epoll_flower {
  struct flower_game game; /* first: the harness's view of this state */
  int epoll_fd;
  uint32_t registered; /* read ends added so far; they stay registered until release */
  struct epoll_event* events;
  int max_events;
  struct spin spin; /* option spin_ns: an injected cost per read callback */
};

static void teardown(struct flower_game* game) {
  struct raw_epoll_flower* flower = (struct raw_epoll_flower*)game;
  if (flower->epoll_fd >= 0) {
    close(flower->epoll_fd);
  }
  free(flower->events);
}

static int setup(struct flower_game* game, const rb_option_value* values, char* err,
                 size_t err_len) {
  struct raw_epoll_flower* flower = (struct raw_epoll_flower*)game;
  game->arm_policy = FLOWER_ARM_KEEPS; /* each read end added to epoll once */
  flower->epoll_fd = -1;
  struct epoll_options parsed;
  epoll_options_from(values, &parsed);
  const uint32_t pipes = game->potato.pipes;
  if (parsed.max_events != 0) {
    flower->max_events = (int)parsed.max_events;
  } else {
    flower->max_events = pipes < kDefaultMaxEvents ? (int)pipes : kDefaultMaxEvents;
  }
  flower->events = calloc((size_t)flower->max_events, sizeof(struct epoll_event));
  if (flower->events == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u pipes", pipes);
  }
  flower->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  if (flower->epoll_fd < 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_create1: %s", strerror(errno));
  }
  spin_init(&flower->spin, parsed.spin_ns);
  return RB_OK;
}

static int arm(struct flower_game* game, char* err, size_t err_len) {
  struct raw_epoll_flower* flower = (struct raw_epoll_flower*)game;
  const int* read_fds = game->potato.read_fds;
  /* Resumes where a failed arm stopped, so a retry never meets EEXIST. */
  for (; flower->registered < game->potato.pipes; ++flower->registered) {
    const uint32_t idx = flower->registered;
    struct epoll_event interest = {.events = EPOLLIN, .data.u32 = idx};
    if (epoll_ctl(flower->epoll_fd, EPOLL_CTL_ADD, read_fds[idx], &interest) != 0) {
      return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_ctl(ADD) on pipe %u (fd %d): %s", idx,
                          read_fds[idx], strerror(errno));
    }
  }
  return RB_OK;
}

/* bench.c's read callback, inline: take the byte, spin, pass one on while the budget lasts. */
static inline void on_readable(struct raw_epoll_flower* flower, uint32_t idx) {
  if (hot_potato_take(&flower->game.potato, idx)) {
    spin_run(&flower->spin);
    hot_potato_pass(&flower->game.potato, idx);
  }
}

static int dispatch(struct flower_game* game, char* err, size_t err_len) {
  struct raw_epoll_flower* flower = (struct raw_epoll_flower*)game;
  while (!hot_potato_done(&game->potato)) {
    const uint64_t reads_before = game->potato.count;
    const int ready =
        epoll_wait(flower->epoll_fd, flower->events, flower->max_events, kWaitTimeoutMs);
    game->loop_iterations += 1;
    if (ready < 0 && errno != EINTR) {
      return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_wait: %s", strerror(errno));
    }
    for (int i = 0; i < ready; ++i) {
      on_readable(flower, flower->events[i].data.u32);
    }
    if (flower_game_stop_asked(game, reads_before)) {
      break;
    }
  }
  return RB_OK;
}

FLOWER_GAME_OPS(raw_epoll_flower_ops, struct raw_epoll_flower, kRawEpollOptions, setup, arm,
                dispatch, teardown);
