#include "hot_potato.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error_message.h"

/* A host built against a later minor may pass a longer struct, never a shorter one than the
 * members read here. */
static const size_t kParamsMinSize = offsetof(rb_flower_params, write_fds) + sizeof(const int*);

int hot_potato_init(struct hot_potato* potato, const rb_flower_params* params, char* err,
                    size_t err_len) {
  memset(potato, 0, sizeof *potato);
  if (params == NULL || params->struct_size < kParamsMinSize)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "flower params missing or too small (struct_size %u, need %zu)",
                        params == NULL ? 0u : params->struct_size, kParamsMinSize);
  if (params->pipes == 0 || params->active == 0 || params->active > params->pipes)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "flower params need 0 < active <= pipes (pipes %u, active %u)",
                        params->pipes, params->active);
  if (params->read_fds == NULL || params->write_fds == NULL)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "flower params lack fd arrays");
  potato->read_fds = malloc(params->pipes * sizeof(int));
  potato->write_fds = malloc(params->pipes * sizeof(int));
  if (potato->read_fds == NULL || potato->write_fds == NULL) {
    hot_potato_free(potato);
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory copying %u fd pairs",
                        params->pipes);
  }
  memcpy(potato->read_fds, params->read_fds, params->pipes * sizeof(int));
  memcpy(potato->write_fds, params->write_fds, params->pipes * sizeof(int));
  potato->pipes = params->pipes;
  potato->active = params->active;
  potato->writes_per_iteration = params->writes;
  return RB_OK;
}

void hot_potato_free(struct hot_potato* potato) {
  free(potato->read_fds);
  free(potato->write_fds);
  potato->read_fds = NULL;
  potato->write_fds = NULL;
}

void hot_potato_fail(struct hot_potato* potato, const char* what, uint32_t idx, const char* why) {
  potato->failures += 1;
  if (potato->fatal) return;
  potato->fatal = 1;
  snprintf(potato->fatal_message, sizeof potato->fatal_message, "%s on pipe %u: %s", what, idx,
           why);
}

void hot_potato_on_readable(struct hot_potato* potato, uint32_t idx) {
  if (hot_potato_take(potato, idx)) {
    hot_potato_pass(potato, idx);
  }
}

void hot_potato_put_counters(const struct hot_potato* potato, uint64_t loop_iterations,
                             const rb_counter_sink* sink) {
  sink->put(sink->ctx, "reads", potato->count);
  sink->put(sink->ctx, "writes", potato->writes);
  sink->put(sink->ctx, "failures", potato->failures);
  sink->put(sink->ctx, "loop_iterations", loop_iterations);
}
