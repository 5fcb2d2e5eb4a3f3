/* A correct flower plugin (plain poll(2)) that misbehaves on request, so the integration
 * tests can show what the runner does with a crash, a hang or wrong counts mid-matrix.
 * Options: crash_at=N (SIGKILL itself when dispatch of iteration N starts), hang_at=N
 * (ignore the stop flag and spin), extra_reads=K (report K reads too many). */
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_plugin.h"

typedef struct faulty_state {
  rb_flower_params params;
  struct pollfd* fds;
  long crash_at, hang_at, extra_reads;
  long iteration;
  uint64_t count, fired, budget, writes_done, loops;
} faulty_state;

static int prepare(const rb_host* host, const rb_flower_params* params, const rb_option* options,
                   uint32_t option_count, void** state, char* err, size_t len) {
  (void)host;
  faulty_state* s = calloc(1, sizeof *s);
  if (s == NULL) return RB_ERR_SYSTEM;
  s->params = *params;
  s->crash_at = s->hang_at = -1;
  const rbtest_long_option known[] = {
      {"crash_at", &s->crash_at}, {"hang_at", &s->hang_at}, {"extra_reads", &s->extra_reads}};
  if (rbtest_set_long_options(options, option_count, known, 3, err, len) != RB_OK) {
    free(s);
    return RB_ERR_INVALID_ARGUMENT;
  }
  s->fds = calloc(params->pipes, sizeof *s->fds);
  for (uint32_t i = 0; i < params->pipes; ++i) {
    s->fds[i].fd = params->read_fds[i];
    s->fds[i].events = POLLIN;
  }
  s->iteration = -1;
  *state = s;
  return RB_OK;
}

static int arm(void* state, char* err, size_t len) {
  (void)err, (void)len;
  faulty_state* s = state;
  s->iteration++;
  s->count = s->writes_done = s->loops = 0;
  s->fired = s->params.active;
  s->budget = s->params.writes;
  return RB_OK;
}

static int dispatch(void* state, char* err, size_t len) {
  faulty_state* s = state;
  if (s->iteration == s->crash_at) raise(SIGKILL);
  if (s->iteration == s->hang_at)
    for (;;) pause();
  while (s->count != s->fired) {
    s->loops++;
    if (poll(s->fds, s->params.pipes, 5000) <= 0) {
      snprintf(err, len, "poll returned nothing for 5 s");
      return RB_ERR_SYSTEM;
    }
    for (uint32_t i = 0; i < s->params.pipes; ++i) {
      if (!(s->fds[i].revents & POLLIN)) continue;
      char byte;
      if (read(s->fds[i].fd, &byte, 1) == 1) s->count++;
      if (s->budget > 0) {
        if (write(s->params.write_fds[(i + 1) % s->params.pipes], "e", 1) == 1) s->writes_done++;
        s->budget--;
        s->fired++;
      }
    }
  }
  return RB_OK;
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t len) {
  (void)err, (void)len;
  faulty_state* s = state;
  sink->put(sink->ctx, "reads", s->count + (uint64_t)s->extra_reads);
  sink->put(sink->ctx, "writes", s->writes_done);
  sink->put(sink->ctx, "loop_iterations", s->loops);
  return RB_OK;
}

static void release(void* state) {
  faulty_state* s = state;
  free(s->fds);
  free(s);
}

static const rb_flower_ops flower_ops = {
    sizeof(rb_flower_ops), prepare, arm, dispatch, counters, release};

static const rb_plugin descriptor = {
    RBTEST_DESCRIPTOR_HEAD("flower-faulty", "poll(2)",
                           "test plugin: correct flower over poll(2), faults on request"),
    .flower = &flower_ops,
};

RBTEST_ENTRY_FOR_THIS_MAJOR(&descriptor)
