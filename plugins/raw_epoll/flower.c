#include "flower.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "abi_tables.h"
#include "error_message.h"
#include "options.h"
#include "spin.h"

enum {
  /* Default epoll_wait batch: enough for every ready fd of a large sweep in one call. */
  kDefaultMaxEvents = 4096,
  /* A lost byte would block epoll_wait forever; a finite wait lets the host's stop through. */
  kWaitTimeoutMs = 1000
};

struct raw_epoll_flower {
  int (*stop_requested)(void* ctx);
  void* host_ctx;
  int epoll_fd;
  uint32_t pipes;
  uint32_t active;
  uint32_t writes_per_iteration;
  int* read_fds; /* copies of the host's arrays */
  int* write_fds;
  uint32_t registered; /* read ends added so far; they stay registered until release */
  struct epoll_event* events;
  int max_events;
  struct spin spin; /* option spin_ns: an injected cost per read callback */

  /* One iteration (reset by arm). */
  uint64_t count;  /* bytes read */
  uint64_t fired;  /* bytes sent into the ring: the host's active ones plus those passed on */
  uint64_t budget; /* passes left */
  uint64_t writes; /* passes made */
  uint64_t failures;
  uint64_t loop_iterations; /* epoll_wait calls in the last dispatch */
  int fatal;                /* a byte was lost: count can never reach fired */
  char fatal_message[160];
};

static void destroy(struct raw_epoll_flower* flower) {
  if (flower == NULL) {
    return;
  }
  if (flower->epoll_fd >= 0) {
    close(flower->epoll_fd);
  }
  free(flower->events);
  free(flower->read_fds);
  free(flower->write_fds);
  free(flower);
}

static int check_params(const rb_flower_params* params, char* err, size_t err_len) {
  const size_t needed = offsetof(rb_flower_params, write_fds) + sizeof params->write_fds;
  if (params == NULL || params->struct_size < needed) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "flower params missing or too small (struct_size %u, need %zu)",
                        params == NULL ? 0u : params->struct_size, needed);
  }
  if (params->pipes == 0 || params->active == 0 || params->active > params->pipes) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "flower params need 0 < active <= pipes (pipes %u, active %u)",
                        params->pipes, params->active);
  }
  if (params->read_fds == NULL || params->write_fds == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "flower params lack fd arrays");
  }
  return RB_OK;
}

static void remember_host(struct raw_epoll_flower* flower, const rb_host* host) {
  const size_t needed = offsetof(rb_host, stop_requested) + sizeof host->stop_requested;
  if (host != NULL && host->struct_size >= needed && host->stop_requested != NULL) {
    flower->stop_requested = host->stop_requested;
    flower->host_ctx = host->ctx;
  }
}

static int host_wants_stop(const struct raw_epoll_flower* flower) {
  return flower->stop_requested != NULL && flower->stop_requested(flower->host_ctx) != 0;
}

static int allocate(struct raw_epoll_flower* flower, const rb_flower_params* params,
                    const struct epoll_options* options, char* err, size_t err_len) {
  flower->pipes = params->pipes;
  flower->active = params->active;
  flower->writes_per_iteration = params->writes;
  if (options->max_events != 0) {
    flower->max_events = (int)options->max_events;
  } else {
    flower->max_events = params->pipes < kDefaultMaxEvents ? (int)params->pipes : kDefaultMaxEvents;
  }
  flower->read_fds = malloc(params->pipes * sizeof(int));
  flower->write_fds = malloc(params->pipes * sizeof(int));
  flower->events = calloc((size_t)flower->max_events, sizeof(struct epoll_event));
  if (flower->read_fds == NULL || flower->write_fds == NULL || flower->events == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u pipes", params->pipes);
  }
  memcpy(flower->read_fds, params->read_fds, params->pipes * sizeof(int));
  memcpy(flower->write_fds, params->write_fds, params->pipes * sizeof(int));
  flower->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  if (flower->epoll_fd < 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_create1: %s", strerror(errno));
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
  struct epoll_options epoll_options;
  int rc = parse_epoll_options(options, option_count, "flower", &epoll_options, err, err_len);
  if (rc == RB_OK) {
    rc = check_params(params, err, err_len);
  }
  if (rc != RB_OK) {
    return rc;
  }
  struct raw_epoll_flower* flower = calloc(1, sizeof *flower);
  if (flower == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for the plugin state");
  }
  flower->epoll_fd = -1;
  remember_host(flower, host);
  rc = allocate(flower, params, &epoll_options, err, err_len);
  if (rc != RB_OK) {
    destroy(flower);
    return rc;
  }
  spin_init(&flower->spin, epoll_options.spin_ns);
  *state = flower;
  return RB_OK;
}

static int flower_arm(void* state, char* err, size_t err_len) {
  struct raw_epoll_flower* flower = state;
  if (flower == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "arm: state is NULL");
  }
  /* Resumes where a failed arm stopped, so a retry never meets EEXIST. */
  for (; flower->registered < flower->pipes; ++flower->registered) {
    const uint32_t idx = flower->registered;
    struct epoll_event interest = {.events = EPOLLIN, .data.u32 = idx};
    if (epoll_ctl(flower->epoll_fd, EPOLL_CTL_ADD, flower->read_fds[idx], &interest) != 0) {
      return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_ctl(ADD) on pipe %u (fd %d): %s", idx,
                          flower->read_fds[idx], strerror(errno));
    }
  }
  flower->count = 0;
  flower->fired = flower->active;
  flower->budget = flower->writes_per_iteration;
  flower->writes = 0;
  flower->failures = 0;
  flower->loop_iterations = 0;
  flower->fatal = 0;
  flower->fatal_message[0] = '\0';
  return RB_OK;
}

static void record_fatal(struct raw_epoll_flower* flower, const char* what, uint32_t idx, ssize_t n,
                         int error_number) {
  flower->failures += 1;
  if (flower->fatal) {
    return;
  }
  flower->fatal = 1;
  snprintf(flower->fatal_message, sizeof flower->fatal_message, "%s on pipe %u: %s", what, idx,
           n == 0 ? "end of file" : strerror(error_number));
}

/* bench.c's read callback: take the byte, pass one on while the budget lasts. */
static inline void on_readable(struct raw_epoll_flower* flower, uint32_t idx) {
  unsigned char byte;
  ssize_t n = read(flower->read_fds[idx], &byte, 1);
  if (n != 1) {
    /* A wake-up without data is harmless (level-triggered: it fires again once a byte
     * arrives); end of file or an error loses the byte for good. */
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
      flower->failures += 1;
    } else {
      record_fatal(flower, "read", idx, n, errno);
    }
    return;
  }
  flower->count += 1;
  spin_run(&flower->spin);
  if (flower->budget == 0) {
    return;
  }
  const uint32_t next = idx + 1 == flower->pipes ? 0 : idx + 1;
  n = write(flower->write_fds[next], "e", 1);
  if (n != 1) {
    record_fatal(flower, "write", next, n, errno);
    return;
  }
  flower->budget -= 1;
  flower->writes += 1;
  flower->fired += 1;
}

static int flower_dispatch(void* state, char* err, size_t err_len) {
  struct raw_epoll_flower* flower = state;
  if (flower == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "dispatch: state is NULL");
  }
  flower->loop_iterations = 0;
  while (flower->count != flower->fired) {
    const int ready =
        epoll_wait(flower->epoll_fd, flower->events, flower->max_events, kWaitTimeoutMs);
    flower->loop_iterations += 1;
    if (ready < 0 && errno != EINTR) {
      return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_wait: %s", strerror(errno));
    }
    for (int i = 0; i < ready; ++i) {
      on_readable(flower, flower->events[i].data.u32);
    }
    if (flower->fatal) {
      return report_error(RB_ERR_SYSTEM, err, err_len, "%s", flower->fatal_message);
    }
    if (ready <= 0 && host_wants_stop(flower)) {
      return report_error(RB_ERR_INTERNAL, err, err_len,
                          "stopped by the host after %llu of %llu reads",
                          (unsigned long long)flower->count, (unsigned long long)flower->fired);
    }
  }
  return RB_OK;
}

static int flower_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct raw_epoll_flower* flower = state;
  const int rc = counters_check(flower, sink, err, err_len);
  if (rc != RB_OK) {
    return rc;
  }
  sink->put(sink->ctx, "reads", flower->count);
  sink->put(sink->ctx, "writes", flower->writes);
  sink->put(sink->ctx, "loop_iterations", flower->loop_iterations);
  sink->put(sink->ctx, "failures", flower->failures);
  return RB_OK;
}

static void flower_release(void* state) {
  destroy(state);
}

const rb_flower_ops raw_epoll_flower_ops =
    RB_FLOWER_OPS(flower_prepare, flower_arm, flower_dispatch, flower_counters, flower_release);
