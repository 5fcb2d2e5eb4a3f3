#include "flower.h"

#include <event2/event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>

#include "error_message.h"
#include "flower_harness.h"
#include "options.h"

/* libevent hands a callback one pointer; bench.c gets away with globals, we point at this. */
struct watcher_arg {
  struct hot_potato* potato;
  uint32_t idx;
};

struct libevent2_flower {
  struct flower_game game; /* first: the harness's view of this state */
  struct event_base* base;
  /* event_get_struct_event_size() bytes per pipe, so we depend on no struct layout. */
  unsigned char* events;
  size_t event_size;
  struct watcher_arg* args;
};

static struct event* event_at(struct libevent2_flower* flower, uint32_t idx) {
  return (struct event*)(flower->events + (size_t)idx * flower->event_size);
}

static void teardown(struct flower_game* game) {
  struct libevent2_flower* flower = (struct libevent2_flower*)game;
  if (flower->events != NULL) {
    for (uint32_t i = 0; i < game->potato.pipes; ++i) {
      if (event_initialized(event_at(flower, i))) {
        event_del(event_at(flower, i));
      }
    }
  }
  if (flower->base != NULL) {
    event_base_free(flower->base);
  }
  free(flower->events);
  free(flower->args);
}

/* What event_base_get_method reports when libevent honoured the options; epoll names the
 * changelist, which also confirms that the flag took effect. */
static const char* expected_method(const struct loop_options* options) {
  return options->use_changelist ? "epoll (with changelist)" : options->backend;
}

static int create_base(struct libevent2_flower* flower, const struct loop_options* options,
                       char* err, size_t err_len) {
  struct event_config* config = event_config_new();
  if (config == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "event_config_new failed");
  }
  int rc = RB_OK;
  for (size_t i = 0; i < kLoopBackendCount && rc == RB_OK; ++i) {
    if (strcmp(kLoopBackends[i], options->backend) != 0 &&
        event_config_avoid_method(config, kLoopBackends[i]) != 0) {
      rc = report_error(RB_ERR_SYSTEM, err, err_len, "event_config_avoid_method(%s) failed",
                        kLoopBackends[i]);
    }
  }
  /* The options are the only way to pick a backend: EVENT_NOEPOLL and friends in the
   * environment would otherwise change what a cell measures behind its back. */
  int flags = EVENT_BASE_FLAG_IGNORE_ENV;
  if (options->use_changelist) {
    flags |= EVENT_BASE_FLAG_EPOLL_USE_CHANGELIST;
  }
  if (rc == RB_OK && event_config_set_flag(config, flags) != 0) {
    rc = report_error(RB_ERR_SYSTEM, err, err_len, "event_config_set_flag(%d) failed", flags);
  }
  if (rc == RB_OK) {
    flower->base = event_base_new_with_config(config);
    if (flower->base == NULL) {
      rc = report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "libevent %s cannot create an event_base with backend %s",
                        event_get_version(), options->backend);
    } else if (strcmp(event_base_get_method(flower->base), expected_method(options)) != 0) {
      rc = report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "libevent chose backend %s instead of the requested %s",
                        event_base_get_method(flower->base), expected_method(options));
    }
  }
  event_config_free(config);
  return rc;
}

/* Debian's libevent is built with _FORTIFY_SOURCE, and its select backend then aborts the
 * whole process on an fd >= FD_SETSIZE; refuse such a ring up front instead. */
static int check_backend_reaches_fds(const struct hot_potato* potato,
                                     const struct loop_options* options, char* err,
                                     size_t err_len) {
  if (strcmp(options->backend, "select") != 0) {
    return RB_OK;
  }
  for (uint32_t i = 0; i < potato->pipes; ++i) {
    if (potato->read_fds[i] >= FD_SETSIZE) {
      return report_error(RB_ERR_UNSUPPORTED, err, err_len,
                          "backend select cannot watch fd %d of pipe %u (FD_SETSIZE is %d)",
                          potato->read_fds[i], i, FD_SETSIZE);
    }
  }
  return RB_OK;
}

static int allocate_watchers(struct libevent2_flower* flower, char* err, size_t err_len) {
  const uint32_t pipes = flower->game.potato.pipes;
  flower->event_size = event_get_struct_event_size();
  flower->events = calloc(pipes, flower->event_size);
  flower->args = calloc(pipes, sizeof *flower->args);
  if (flower->events == NULL || flower->args == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u events", pipes);
  }
  for (uint32_t i = 0; i < pipes; ++i) {
    flower->args[i].potato = &flower->game.potato;
    flower->args[i].idx = i;
  }
  return RB_OK;
}

static int setup(struct flower_game* game, const rb_option_value* values, char* err,
                 size_t err_len) {
  struct libevent2_flower* flower = (struct libevent2_flower*)game;
  game->arm_policy =
      FLOWER_ARM_REREGISTERS; /* event_del + event_assign + event_add on every pipe, as bench.c */
  struct loop_options loop_options;
  int rc = loop_options_from(values, &loop_options, err, err_len);
  if (rc == RB_OK) {
    rc = check_backend_reaches_fds(&game->potato, &loop_options, err, err_len);
  }
  if (rc == RB_OK) {
    rc = create_base(flower, &loop_options, err, err_len);
  }
  if (rc == RB_OK) {
    rc = allocate_watchers(flower, err, err_len);
  }
  game->potato.use_recv = flower_uses_recv(values);
  return rc;
}

static void on_readable(evutil_socket_t fd, short what, void* arg) {
  (void)fd;
  (void)what;
  const struct watcher_arg* watcher = arg;
  hot_potato_on_readable(watcher->potato, watcher->idx);
}

static int arm(struct flower_game* game, char* err, size_t err_len) {
  struct libevent2_flower* flower = (struct libevent2_flower*)game;
  const int* read_fds = game->potato.read_fds;
  for (uint32_t i = 0; i < game->potato.pipes; ++i) {
    struct event* ev = event_at(flower, i);
    if (event_initialized(ev) && event_del(ev) != 0) {
      return report_error(RB_ERR_SYSTEM, err, err_len, "event_del on pipe %u failed", i);
    }
    if (event_assign(ev, flower->base, read_fds[i], EV_READ | EV_PERSIST, on_readable,
                     &flower->args[i]) != 0) {
      return report_error(RB_ERR_INTERNAL, err, err_len, "event_assign on pipe %u (fd %d) failed",
                          i, read_fds[i]);
    }
    if (event_add(ev, NULL) != 0) {
      return report_error(RB_ERR_SYSTEM, err, err_len, "event_add on pipe %u (fd %d) failed", i,
                          read_fds[i]);
    }
  }
  /* bench.c runs the loop once here, so the backend's pending changes are applied during
   * setup and not charged to the dispatch. */
  if (event_base_loop(flower->base, EVLOOP_ONCE | EVLOOP_NONBLOCK) < 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "event_base_loop failed while arming");
  }
  return RB_OK;
}

static int dispatch(struct flower_game* game, char* err, size_t err_len) {
  struct libevent2_flower* flower = (struct libevent2_flower*)game;
  const struct hot_potato* potato = &game->potato;
  while (!hot_potato_done(potato)) {
    const uint64_t reads_before = potato->count;
    const int rc = event_base_loop(flower->base, EVLOOP_ONCE | EVLOOP_NONBLOCK);
    game->loop_iterations += 1;
    if (rc < 0) {
      return report_error(RB_ERR_SYSTEM, err, err_len,
                          "event_base_loop failed after %llu of %llu reads",
                          (unsigned long long)potato->count, (unsigned long long)potato->fired);
    }
    if (rc == 1) {
      return report_error(RB_ERR_INTERNAL, err, err_len, "no watchers registered");
    }
    if (flower_game_stop_asked(game, reads_before)) {
      break;
    }
  }
  return RB_OK;
}

FLOWER_GAME_OPS(libevent2_flower_ops, struct libevent2_flower, kLibevent2Options, setup, arm,
                dispatch, teardown);
