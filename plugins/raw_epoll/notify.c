#include "notify.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "error_message.h"
#include "notify_options.h"
#include "spin.h"
#include "thread_pin.h"
#include "u64_queue.h"

/* epoll_wait's timeout: how often an idle consumer looks at the stop and abort flags. */
enum { kStopCheckMs = 250 };

struct raw_epoll_notify {
  int (*stop_requested)(void* ctx);
  void* host_ctx;
  int wake_when_empty;
  int event_fd;
  int epoll_fd;

  pthread_mutex_t mutex;
  struct u64_queue queue; /* guarded by mutex */
  int closing;            /* guarded by mutex: finish was called, no post will follow */
  uint64_t signals;       /* guarded by mutex: eventfd writes the producers decided on */

  pthread_t consumer;
  int consumer_running;
  atomic_int abort_requested;

  /* The consumer thread's own; read by others only after joining it. */
  struct u64_queue batch;
  uint64_t count, sum, wakeups, polls, max_batch;
  struct spin spin; /* option spin_ns: an injected cost per item consumed */
  int failed;
  char failure[256];
};

static void consumer_fail(struct raw_epoll_notify* notify, const char* what, int error) {
  notify->failed = 1;
  (void)report_error(RB_ERR_SYSTEM, notify->failure, sizeof notify->failure,
                     "consumer: %s after %llu items%s%s", what, (unsigned long long)notify->count,
                     error != 0 ? ": " : "", error != 0 ? strerror(error) : "");
}

static int signal_consumer(int event_fd) {
  const uint64_t one = 1;
  for (;;) {
    const ssize_t n = write(event_fd, &one, sizeof one);
    if (n == (ssize_t)sizeof one) {
      return 0;
    }
    if (n < 0 && errno == EINTR) {
      continue;
    }
    return -1;
  }
}

/* Takes everything queued; returns whether finish has been called (then nothing is left). */
static int take_batch(struct raw_epoll_notify* notify) {
  pthread_mutex_lock(&notify->mutex);
  u64_queue_swap(&notify->queue, &notify->batch);
  const int closing = notify->closing;
  pthread_mutex_unlock(&notify->mutex);

  const size_t taken = u64_queue_pop_sum(&notify->batch, notify->batch.size, &notify->sum);
  notify->count += taken;
  for (size_t i = 0; i < taken; ++i) {
    spin_run(&notify->spin);
  }
  if (taken > 0) {
    notify->wakeups += 1;
    if (taken > notify->max_batch) {
      notify->max_batch = taken;
    }
  }
  return closing;
}

static void* consume(void* arg) {
  struct raw_epoll_notify* notify = arg;
  for (;;) {
    struct epoll_event event;
    const int n = epoll_wait(notify->epoll_fd, &event, 1, kStopCheckMs);
    notify->polls += 1;
    if (atomic_load(&notify->abort_requested)) {
      return NULL;
    }
    if (n < 0 && errno != EINTR) {
      consumer_fail(notify, "epoll_wait failed", errno);
      return NULL;
    }
    if (n <= 0) {
      if (notify->stop_requested != NULL && notify->stop_requested(notify->host_ctx)) {
        consumer_fail(notify, "the host asked to stop", 0);
        return NULL;
      }
      continue;
    }
    uint64_t pending = 0;
    if (read(notify->event_fd, &pending, sizeof pending) < 0 && errno != EAGAIN) {
      consumer_fail(notify, "reading the eventfd failed", errno);
      return NULL;
    }
    if (take_batch(notify)) {
      return NULL;
    }
  }
}

static void destroy(struct raw_epoll_notify* notify) {
  if (notify->consumer_running) {
    atomic_store(&notify->abort_requested, 1);
    (void)signal_consumer(notify->event_fd);
    pthread_join(notify->consumer, NULL);
  }
  if (notify->epoll_fd >= 0) {
    close(notify->epoll_fd);
  }
  if (notify->event_fd >= 0) {
    close(notify->event_fd);
  }
  u64_queue_free(&notify->queue);
  u64_queue_free(&notify->batch);
  pthread_mutex_destroy(&notify->mutex);
  free(notify);
}

static int open_fds(struct raw_epoll_notify* notify, char* err, size_t err_len) {
  notify->event_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (notify->event_fd < 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "eventfd: %s", strerror(errno));
  }
  notify->epoll_fd = epoll_create1(EPOLL_CLOEXEC);
  if (notify->epoll_fd < 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_create1: %s", strerror(errno));
  }
  struct epoll_event event = {.events = EPOLLIN, .data = {.fd = notify->event_fd}};
  if (epoll_ctl(notify->epoll_fd, EPOLL_CTL_ADD, notify->event_fd, &event) != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "epoll_ctl(ADD eventfd): %s", strerror(errno));
  }
  return RB_OK;
}

static int start_consumer(struct raw_epoll_notify* notify, int cpu, char* err, size_t err_len) {
  const int rc = pthread_create(&notify->consumer, NULL, consume, notify);
  if (rc != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create: %s", strerror(rc));
  }
  notify->consumer_running = 1;
  const int pin = rb_pin_thread(notify->consumer, cpu);
  if (pin != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "cannot pin the consumer to cpu %d: %s", cpu,
                        strerror(pin));
  }
  return RB_OK;
}

static int notify_start(const rb_host* host, const rb_notify_params* params,
                        const rb_option* options, uint32_t option_count, void** state, char* err,
                        size_t err_len) {
  if (state == NULL || params == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "start: params and state required");
  }
  *state = NULL;
  struct notify_options parsed;
  int rc = parse_notify_options(options, option_count, &parsed, err, err_len);
  if (rc != RB_OK) {
    return rc;
  }
  struct raw_epoll_notify* notify = calloc(1, sizeof *notify);
  if (notify == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for the plugin state");
  }
  notify->event_fd = notify->epoll_fd = -1;
  notify->wake_when_empty = parsed.wake_when_empty;
  spin_init(&notify->spin, parsed.spin_ns);
  pthread_mutex_init(&notify->mutex, NULL);
  u64_queue_init(&notify->queue);
  u64_queue_init(&notify->batch);
  const size_t needed = offsetof(rb_host, stop_requested) + sizeof host->stop_requested;
  if (host != NULL && host->struct_size >= needed) {
    notify->stop_requested = host->stop_requested;
    notify->host_ctx = host->ctx;
  }
  const int32_t cpu =
      params->struct_size >= offsetof(rb_notify_params, consumer_cpu) + sizeof params->consumer_cpu
          ? params->consumer_cpu
          : -1;
  rc = open_fds(notify, err, err_len);
  if (rc == RB_OK) {
    rc = start_consumer(notify, cpu, err, err_len);
  }
  if (rc != RB_OK) {
    destroy(notify);
    return rc;
  }
  *state = notify;
  return RB_OK;
}

static int notify_post(void* state, uint64_t value) {
  struct raw_epoll_notify* notify = state;
  pthread_mutex_lock(&notify->mutex);
  const int wake = !notify->wake_when_empty || notify->queue.size == 0;
  const int pushed = u64_queue_push(&notify->queue, value);
  notify->signals += wake && pushed == 0;
  pthread_mutex_unlock(&notify->mutex);
  if (pushed != 0) {
    return RB_ERR_SYSTEM;
  }
  return !wake || signal_consumer(notify->event_fd) == 0 ? RB_OK : RB_ERR_SYSTEM;
}

static int notify_finish(void* state, rb_notify_result* result, char* err, size_t err_len) {
  struct raw_epoll_notify* notify = state;
  if (notify == NULL || result == NULL || !notify->consumer_running) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "finish: no running consumer (start failed or finish ran twice)");
  }
  pthread_mutex_lock(&notify->mutex);
  notify->closing = 1;
  pthread_mutex_unlock(&notify->mutex);
  if (signal_consumer(notify->event_fd) != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "eventfd write: %s", strerror(errno));
  }
  pthread_join(notify->consumer, NULL);
  notify->consumer_running = 0;
  if (notify->failed) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "%s", notify->failure);
  }
  result->count = notify->count;
  result->sum = notify->sum;
  return RB_OK;
}

static int notify_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct raw_epoll_notify* notify = state;
  if (notify == NULL || sink == NULL || sink->put == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "counters: state and sink required");
  }
  sink->put(sink->ctx, "wakeups", notify->wakeups);
  sink->put(sink->ctx, "polls", notify->polls);
  sink->put(sink->ctx, "max_batch", notify->max_batch);
  sink->put(sink->ctx, "signals", notify->signals);
  return RB_OK;
}

static void notify_release(void* state) {
  if (state != NULL) {
    destroy(state);
  }
}

const rb_notify_ops raw_epoll_notify_ops = {
    .struct_size = sizeof(rb_notify_ops),
    .start = notify_start,
    .post = notify_post,
    .finish = notify_finish,
    .counters = notify_counters,
    .release = notify_release,
};
