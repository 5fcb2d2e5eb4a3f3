#include "poll_flower.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A dispatch that sees no event for this long is stuck, not slow. */
#define STALL_TIMEOUT_MS 10000

typedef struct poll_flower {
  const rb_host* host; /* for stop_requested: the runner's SIGTERM interrupts poll */
  rb_flower_params params;
  struct pollfd* polled;
  uint32_t count;
  uint32_t fired;
  uint32_t budget;
  uint64_t reads;
  uint64_t writes;
  uint64_t loop_iterations;
} poll_flower;

const char* rbtest_library_version(void) {
  return "poll-1";
}

static int prepare(const rb_host* host, const rb_flower_params* params, const rb_option* options,
                   uint32_t option_count, void** state, char* err, size_t err_len) {
  if (option_count > 0) {
    snprintf(err, err_len, "unknown option '%s'", options[0].key);
    return RB_ERR_INVALID_ARGUMENT;
  }
  poll_flower* flower = calloc(1, sizeof *flower);
  if (flower == NULL || (flower->polled = calloc(params->pipes, sizeof(struct pollfd))) == NULL) {
    free(flower);
    snprintf(err, err_len, "out of memory");
    return RB_ERR_SYSTEM;
  }
  flower->host = host;
  flower->params = *params;
  for (uint32_t i = 0; i < params->pipes; ++i) {
    flower->polled[i].fd = params->read_fds[i];
    flower->polled[i].events = POLLIN;
  }
  *state = flower;
  return RB_OK;
}

static int arm(void* state, char* err, size_t err_len) {
  (void)err;
  (void)err_len;
  poll_flower* flower = state;
  flower->count = 0;
  flower->fired = flower->params.active; /* the host's injecting writes */
  flower->budget = flower->params.writes;
  flower->reads = 0;
  flower->writes = 0;
  flower->loop_iterations = 0;
  return RB_OK;
}

static int read_one(poll_flower* flower, uint32_t idx, char* err, size_t err_len) {
  char byte;
  if (read(flower->params.read_fds[idx], &byte, 1) != 1) {
    if (errno == EAGAIN) return RB_OK;
    snprintf(err, err_len, "read: %s", strerror(errno));
    return RB_ERR_SYSTEM;
  }
  ++flower->count;
  ++flower->reads;
  if (flower->budget == 0) return RB_OK;
  const uint32_t next = (idx + 1) % flower->params.pipes;
  if (write(flower->params.write_fds[next], "e", 1) != 1) {
    snprintf(err, err_len, "write: %s", strerror(errno));
    return RB_ERR_SYSTEM;
  }
  --flower->budget;
  ++flower->fired;
  ++flower->writes;
  return RB_OK;
}

static int dispatch(void* state, char* err, size_t err_len) {
  poll_flower* flower = state;
  while (flower->count < flower->fired) {
    const int ready = poll(flower->polled, flower->params.pipes, STALL_TIMEOUT_MS);
    ++flower->loop_iterations;
    if (ready < 0 && errno == EINTR) {
      if (flower->host != NULL && flower->host->stop_requested != NULL &&
          flower->host->stop_requested(flower->host->ctx)) {
        snprintf(err, err_len, "stopped by the host after %u of %u reads", flower->count,
                 flower->fired);
        return RB_ERR_INTERNAL;
      }
      continue;
    }
    if (ready == 0) {
      snprintf(err, err_len, "no event for %d ms", STALL_TIMEOUT_MS);
      return RB_ERR_SYSTEM;
    }
    if (ready < 0) {
      snprintf(err, err_len, "poll: %s", strerror(errno));
      return RB_ERR_SYSTEM;
    }
    for (uint32_t i = 0; i < flower->params.pipes; ++i) {
      if ((flower->polled[i].revents & POLLIN) == 0) continue;
      const int rc = read_one(flower, i, err, err_len);
      if (rc != RB_OK) return rc;
    }
  }
  return RB_OK;
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  (void)err;
  (void)err_len;
  const poll_flower* flower = state;
  sink->put(sink->ctx, "reads", flower->reads);
  sink->put(sink->ctx, "writes", flower->writes);
  sink->put(sink->ctx, "loop_iterations", flower->loop_iterations);
  return RB_OK;
}

static void release(void* state) {
  poll_flower* flower = state;
  if (flower == NULL) return;
  free(flower->polled);
  free(flower);
}

const rb_flower_ops rbtest_poll_flower_ops = {
    .struct_size = sizeof(rb_flower_ops),
    .prepare = prepare,
    .arm = arm,
    .dispatch = dispatch,
    .counters = counters,
    .release = release,
};

const rb_plugin* rbtest_poll_plugin(rb_plugin changes) {
  static rb_plugin plugin;
  plugin = changes;
  if (plugin.struct_size == 0) plugin.struct_size = sizeof(rb_plugin);
  if (plugin.abi_version == 0) plugin.abi_version = RB_ABI_VERSION;
  if (plugin.version == NULL) plugin.version = "1.0.0";
  if (plugin.library == NULL) plugin.library = "poll";
  if (plugin.library_version == NULL) plugin.library_version = rbtest_library_version;
  if (plugin.flower == NULL) plugin.flower = &rbtest_poll_flower_ops;
  return &plugin;
}
