#include "flower.h"

#include <stdlib.h>
#include <uv.h>

#include "abi_tables.h"
#include "error_message.h"
#include "hot_potato.h"
#include "loop_teardown.h"
#include "options.h"

/* With no timer pending, uv_run(UV_RUN_ONCE) blocks in epoll_wait for good, so a lost byte
 * would hang dispatch; this timer bounds every wait so the host's stop request gets through. */
enum { kWatchdogMs = 1000 };

struct libuv_flower {
  int (*stop_requested)(void* ctx);
  void* host_ctx;
  uv_loop_t loop;
  int loop_ready;
  uv_poll_t* polls; /* one per pipe, polls[i] on read end i */
  uv_timer_t watchdog;
  struct hot_potato potato;
  uint64_t loop_iterations; /* uv_run(UV_RUN_ONCE) calls in the last dispatch */
};

static void remember_host(struct libuv_flower* flower, const rb_host* host) {
  const size_t needed = offsetof(rb_host, stop_requested) + sizeof host->stop_requested;
  if (host != NULL && host->struct_size >= needed && host->stop_requested != NULL) {
    flower->stop_requested = host->stop_requested;
    flower->host_ctx = host->ctx;
  }
}

static int host_wants_stop(const struct libuv_flower* flower) {
  return flower->stop_requested != NULL && flower->stop_requested(flower->host_ctx) != 0;
}

static void destroy(struct libuv_flower* flower) {
  if (flower == NULL) return;
  /* Closing a poll handle takes its fd out of the loop's epoll set and leaves it open. */
  if (flower->loop_ready) close_loop(&flower->loop);
  free(flower->polls);
  hot_potato_free(&flower->potato);
  free(flower);
}

static void on_poll(uv_poll_t* handle, int status, int events) {
  struct libuv_flower* flower = handle->loop->data;
  const uint32_t idx = (uint32_t)(handle - flower->polls);
  if (status < 0)
    hot_potato_fail(&flower->potato, "poll", idx, uv_strerror(status));
  else if (events & UV_READABLE)
    hot_potato_on_readable(&flower->potato, idx);
}

static void on_watchdog(uv_timer_t* timer) {
  (void)timer;
}

static int create_loop(struct libuv_flower* flower, char* err, size_t err_len) {
  int rc = uv_loop_init(&flower->loop);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_loop_init: %s", uv_strerror(rc));
  flower->loop_ready = 1;
  flower->loop.data = flower;
  const uint32_t pipes = flower->potato.pipes;
  flower->polls = calloc(pipes, sizeof *flower->polls);
  if (flower->polls == NULL)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u poll handles", pipes);
  for (uint32_t i = 0; i < pipes; ++i) {
    rc = uv_poll_init(&flower->loop, &flower->polls[i], flower->potato.read_fds[i]);
    if (rc != 0)
      return report_error(RB_ERR_SYSTEM, err, err_len, "uv_poll_init on pipe %u (fd %d): %s", i,
                          flower->potato.read_fds[i], uv_strerror(rc));
  }
  rc = uv_timer_init(&flower->loop, &flower->watchdog);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_timer_init: %s", uv_strerror(rc));
  return RB_OK;
}

static int flower_prepare(const rb_host* host, const rb_flower_params* params,
                          const rb_option* options, uint32_t option_count, void** state, char* err,
                          size_t err_len) {
  if (state == NULL)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "prepare: state is NULL");
  *state = NULL;
  struct libuv_options parsed;
  int rc = parse_libuv_options(options, option_count, "flower", &parsed, err, err_len);
  if (rc != RB_OK) return rc;
  struct libuv_flower* flower = calloc(1, sizeof *flower);
  if (flower == NULL)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for the plugin state");
  remember_host(flower, host);
  rc = hot_potato_init(&flower->potato, params, err, err_len);
  if (rc == RB_OK) rc = create_loop(flower, err, err_len);
  if (rc != RB_OK) {
    destroy(flower);
    return rc;
  }
  *state = flower;
  return RB_OK;
}

static int flower_arm(void* state, char* err, size_t err_len) {
  struct libuv_flower* flower = state;
  if (flower == NULL)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "arm: state is NULL");
  for (uint32_t i = 0; i < flower->potato.pipes; ++i) {
    const int rc = uv_poll_start(&flower->polls[i], UV_READABLE, on_poll);
    if (rc != 0)
      return report_error(RB_ERR_SYSTEM, err, err_len, "uv_poll_start on pipe %u (fd %d): %s", i,
                          flower->potato.read_fds[i], uv_strerror(rc));
  }
  /* libuv makes the epoll_ctl calls in its next poll; one turn that does not block makes
   * them now, in setup, so dispatch is charged for the game only (bench.c does the same). */
  uv_run(&flower->loop, UV_RUN_NOWAIT);
  hot_potato_reset(&flower->potato);
  flower->loop_iterations = 0;
  return RB_OK;
}

static int flower_dispatch(void* state, char* err, size_t err_len) {
  struct libuv_flower* flower = state;
  if (flower == NULL)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "dispatch: state is NULL");
  struct hot_potato* potato = &flower->potato;
  flower->loop_iterations = 0;
  int rc = uv_timer_start(&flower->watchdog, on_watchdog, kWatchdogMs, kWatchdogMs);
  if (rc != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "uv_timer_start: %s", uv_strerror(rc));
  rc = RB_OK;
  while (rc == RB_OK && !hot_potato_finished(potato)) {
    const uint64_t reads_before = potato->count;
    uv_run(&flower->loop, UV_RUN_ONCE);
    flower->loop_iterations += 1;
    if (potato->fatal) {
      rc = report_error(RB_ERR_SYSTEM, err, err_len, "%s", potato->fatal_message);
    } else if (potato->count == reads_before && host_wants_stop(flower)) {
      /* Only a turn that read nothing asks the host: no extra call while the game moves. */
      rc = report_error(RB_ERR_INTERNAL, err, err_len,
                        "stopped by the host after %llu of %llu reads",
                        (unsigned long long)potato->count, (unsigned long long)potato->fired);
    }
  }
  uv_timer_stop(&flower->watchdog);
  return rc;
}

static int flower_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct libuv_flower* flower = state;
  const int rc = counters_check(flower, sink, err, err_len);
  if (rc == RB_OK) hot_potato_put_counters(&flower->potato, flower->loop_iterations, sink);
  return rc;
}

static void flower_release(void* state) {
  destroy(state);
}

const rb_flower_ops libuv_flower_ops =
    RB_FLOWER_OPS(flower_prepare, flower_arm, flower_dispatch, flower_counters, flower_release);
