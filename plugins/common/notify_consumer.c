#include "notify_consumer.h"

#include <stdlib.h>
#include <string.h>

#include "error_message.h"
#include "thread_pin.h"

void notify_consumer_fail(struct notify_consumer* consumer, const char* what, int error) {
  if (consumer->failed) {
    return;
  }
  consumer->failed = 1;
  (void)report_error(RB_ERR_SYSTEM, consumer->failure, sizeof consumer->failure,
                     "consumer: %s after %llu items%s%s", what, (unsigned long long)consumer->count,
                     error != 0 ? ": " : "", error != 0 ? strerror(error) : "");
}

int notify_consumer_should_stop(struct notify_consumer* consumer) {
  if (atomic_load(&consumer->abort_requested)) {
    return 1;
  }
  if (consumer->stop_requested != NULL && consumer->stop_requested(consumer->host_ctx)) {
    notify_consumer_fail(consumer, "the host asked to stop", 0);
    return 1;
  }
  return 0;
}

static void destroy(struct notify_consumer* consumer) {
  const struct notify_backend* backend = consumer->backend;
  if (consumer->running) {
    atomic_store(&consumer->abort_requested, 1);
    backend->interrupt(consumer);
    pthread_join(consumer->thread, NULL);
    consumer->running = 0;
  }
  backend->teardown(consumer);
  u64_queue_free(&consumer->queue);
  u64_queue_free(&consumer->batch);
  if (consumer->mutex_ready) {
    pthread_mutex_destroy(&consumer->mutex);
  }
  free(consumer);
}

static int launch(struct notify_consumer* consumer, int cpu, char* err, size_t err_len) {
  const int rc = pthread_create(&consumer->thread, NULL, consumer->backend->run, consumer);
  if (rc != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create: %s", strerror(rc));
  }
  consumer->running = 1;
  const int pin = rb_pin_thread(consumer->thread, cpu);
  if (pin != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "cannot pin the consumer to cpu %d: %s", cpu,
                        strerror(pin));
  }
  return RB_OK;
}

static void take_host(struct notify_consumer* consumer, const rb_host* host) {
  const size_t needed = offsetof(rb_host, stop_requested) + sizeof host->stop_requested;
  if (host != NULL && host->struct_size >= needed) {
    consumer->stop_requested = host->stop_requested;
    consumer->host_ctx = host->ctx;
  }
}

static int consumer_cpu(const rb_notify_params* params) {
  const size_t needed = offsetof(rb_notify_params, consumer_cpu) + sizeof params->consumer_cpu;
  return params->struct_size >= needed ? params->consumer_cpu : -1;
}

int notify_consumer_start(const struct notify_backend* backend, const rb_host* host,
                          const rb_notify_params* params, const rb_option* options,
                          uint32_t option_count, void** state, char* err, size_t err_len) {
  if (state == NULL || params == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "start: params and state required");
  }
  *state = NULL;
  rb_option_value* values = NULL;
  int rc = option_table_parse_new(&backend->options, "notify", options, option_count, &values, err,
                                  err_len);
  if (rc != RB_OK) {
    return rc;
  }
  struct notify_consumer* consumer = calloc(1, backend->state_size);
  if (consumer == NULL) {
    free(values);
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for the plugin state");
  }
  consumer->backend = backend;
  u64_queue_init(&consumer->queue);
  u64_queue_init(&consumer->batch);
  take_host(consumer, host);
  if (pthread_mutex_init(&consumer->mutex, NULL) != 0) {
    rc = report_error(RB_ERR_SYSTEM, err, err_len, "pthread_mutex_init failed");
  } else {
    consumer->mutex_ready = 1;
    rc = backend->setup(consumer, values, err, err_len);
  }
  free(values);
  if (rc == RB_OK) {
    rc = launch(consumer, consumer_cpu(params), err, err_len);
  }
  if (rc != RB_OK) {
    destroy(consumer);
    return rc;
  }
  *state = consumer;
  return RB_OK;
}

int notify_consumer_finish(void* state, rb_notify_result* result, char* err, size_t err_len) {
  struct notify_consumer* consumer = state;
  if (consumer == NULL || result == NULL || !consumer->running) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "finish: no running consumer (start failed or finish ran twice)");
  }
  pthread_mutex_lock(&consumer->mutex);
  consumer->closing = 1;
  pthread_mutex_unlock(&consumer->mutex);
  /* The wake-up this sends guarantees a look that sees `closing` and everything posted. */
  const int rc = consumer->backend->wake(consumer, err, err_len);
  if (rc != RB_OK) {
    return rc;
  }
  pthread_join(consumer->thread, NULL);
  consumer->running = 0;
  if (consumer->failed) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "%s", consumer->failure);
  }
  result->count = consumer->count;
  result->sum = consumer->sum;
  return RB_OK;
}

void notify_consumer_release(void* state) {
  if (state != NULL) {
    destroy(state);
  }
}

int notify_consumer_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct notify_consumer* consumer = state;
  if (consumer == NULL || sink == NULL || sink->put == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "counters: state and sink required");
  }
  sink->put(sink->ctx, "wakeups", consumer->wakeups);
  sink->put(sink->ctx, "max_batch", consumer->max_batch);
  const struct notify_backend* backend = consumer->backend;
  for (uint32_t i = 0; i < backend->counters.count; ++i) {
    const struct notify_counter* counter = &backend->counters.list[i];
    sink->put(sink->ctx, counter->name,
              *(const uint64_t*)((const char*)consumer + counter->offset));
  }
  return RB_OK;
}
