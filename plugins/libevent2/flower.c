#include "flower.h"

#include <event2/event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>

#include "abi_tables.h"
#include "error_message.h"
#include "hot_potato.h"
#include "options.h"

/* libevent hands a callback one pointer; bench.c gets away with globals, we point at this. */
struct watcher_arg {
  struct hot_potato* potato;
  uint32_t idx;
};

struct libevent2_flower {
  int (*stop_requested)(void* ctx);
  void* host_ctx;
  struct event_base* base;
  /* event_get_struct_event_size() bytes per pipe, so we depend on no struct layout. */
  unsigned char* events;
  size_t event_size;
  struct watcher_arg* args;
  struct hot_potato potato;
  uint64_t loop_iterations; /* event_base_loop calls in the last dispatch */
};

static struct event* event_at(struct libevent2_flower* flower, uint32_t idx) {
  return (struct event*)(flower->events + (size_t)idx * flower->event_size);
}

static void remember_host(struct libevent2_flower* flower, const rb_host* host) {
  const size_t needed = offsetof(rb_host, stop_requested) + sizeof host->stop_requested;
  if (host != NULL && host->struct_size >= needed && host->stop_requested != NULL) {
    flower->stop_requested = host->stop_requested;
    flower->host_ctx = host->ctx;
  }
}

static int host_wants_stop(const struct libevent2_flower* flower) {
  return flower->stop_requested != NULL && flower->stop_requested(flower->host_ctx) != 0;
}

static void destroy(struct libevent2_flower* flower) {
  if (flower == NULL) {
    return;
  }
  if (flower->events != NULL) {
    for (uint32_t i = 0; i < flower->potato.pipes; ++i) {
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
  hot_potato_free(&flower->potato);
  free(flower);
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
  const uint32_t pipes = flower->potato.pipes;
  flower->event_size = event_get_struct_event_size();
  flower->events = calloc(pipes, flower->event_size);
  flower->args = calloc(pipes, sizeof *flower->args);
  if (flower->events == NULL || flower->args == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u events", pipes);
  }
  for (uint32_t i = 0; i < pipes; ++i) {
    flower->args[i].potato = &flower->potato;
    flower->args[i].idx = i;
  }
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
  struct libevent2_flower* flower = calloc(1, sizeof *flower);
  if (flower == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for the plugin state");
  }
  remember_host(flower, host);
  rc = hot_potato_init(&flower->potato, params, err, err_len);
  if (rc == RB_OK) {
    rc = check_backend_reaches_fds(&flower->potato, &loop_options, err, err_len);
  }
  if (rc == RB_OK) {
    rc = create_base(flower, &loop_options, err, err_len);
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

static void on_readable(evutil_socket_t fd, short what, void* arg) {
  (void)fd;
  (void)what;
  const struct watcher_arg* watcher = arg;
  hot_potato_on_readable(watcher->potato, watcher->idx);
}

static int flower_arm(void* state, char* err, size_t err_len) {
  struct libevent2_flower* flower = state;
  if (flower == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "arm: state is NULL");
  }
  for (uint32_t i = 0; i < flower->potato.pipes; ++i) {
    struct event* ev = event_at(flower, i);
    if (event_initialized(ev) && event_del(ev) != 0) {
      return report_error(RB_ERR_SYSTEM, err, err_len, "event_del on pipe %u failed", i);
    }
    if (event_assign(ev, flower->base, flower->potato.read_fds[i], EV_READ | EV_PERSIST,
                     on_readable, &flower->args[i]) != 0) {
      return report_error(RB_ERR_INTERNAL, err, err_len, "event_assign on pipe %u (fd %d) failed",
                          i, flower->potato.read_fds[i]);
    }
    if (event_add(ev, NULL) != 0) {
      return report_error(RB_ERR_SYSTEM, err, err_len, "event_add on pipe %u (fd %d) failed", i,
                          flower->potato.read_fds[i]);
    }
  }
  /* bench.c runs the loop once here, so the backend's pending changes are applied during
   * setup and not charged to the dispatch. */
  if (event_base_loop(flower->base, EVLOOP_ONCE | EVLOOP_NONBLOCK) < 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "event_base_loop failed while arming");
  }
  hot_potato_reset(&flower->potato);
  flower->loop_iterations = 0;
  return RB_OK;
}

static int flower_dispatch(void* state, char* err, size_t err_len) {
  struct libevent2_flower* flower = state;
  if (flower == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "dispatch: state is NULL");
  }
  struct hot_potato* potato = &flower->potato;
  flower->loop_iterations = 0;
  while (!hot_potato_finished(potato)) {
    const uint64_t reads_before = potato->count;
    const int rc = event_base_loop(flower->base, EVLOOP_ONCE | EVLOOP_NONBLOCK);
    flower->loop_iterations += 1;
    if (rc < 0) {
      return report_error(RB_ERR_SYSTEM, err, err_len,
                          "event_base_loop failed after %llu of %llu reads",
                          (unsigned long long)potato->count, (unsigned long long)potato->fired);
    }
    if (rc == 1) {
      return report_error(RB_ERR_INTERNAL, err, err_len,
                          "no watchers registered (dispatch without arm?)");
    }
    if (potato->fatal) {
      return report_error(RB_ERR_SYSTEM, err, err_len, "%s", potato->fatal_message);
    }
    /* Only a pass that read nothing asks the host, so the measured loop makes no extra
     * call while the game is moving. */
    if (potato->count == reads_before && host_wants_stop(flower)) {
      return report_error(RB_ERR_INTERNAL, err, err_len,
                          "stopped by the host after %llu of %llu reads",
                          (unsigned long long)potato->count, (unsigned long long)potato->fired);
    }
  }
  return RB_OK;
}

static int flower_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct libevent2_flower* flower = state;
  const int rc = counters_check(flower, sink, err, err_len);
  if (rc == RB_OK) hot_potato_put_counters(&flower->potato, flower->loop_iterations, sink);
  return rc;
}

static void flower_release(void* state) {
  destroy(state);
}

const rb_flower_ops libevent2_flower_ops =
    RB_FLOWER_OPS(flower_prepare, flower_arm, flower_dispatch, flower_counters, flower_release);
