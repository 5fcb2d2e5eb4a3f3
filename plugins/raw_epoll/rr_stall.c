#include "rr_stall.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "error_message.h"

static uint64_t monotonic_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int parse_ms(const char* key, const char* value, uint64_t* out, char* err, size_t err_len) {
  int digits_only = value[0] != '\0';
  for (const char* c = value; *c != '\0'; ++c) digits_only = digits_only && *c >= '0' && *c <= '9';
  errno = 0;
  const unsigned long long parsed = digits_only ? strtoull(value, NULL, 10) : 0;
  if (!digits_only || errno != 0 || parsed > 3600000)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "option '%s': expected milliseconds from 0 to 3600000, got '%s'", key,
                        value);
  *out = parsed;
  return RB_OK;
}

int parse_rr_stall(const rb_option* options, uint32_t option_count, struct rr_stall* stall,
                   rb_option* rest, uint32_t* rest_count, char* err, size_t err_len) {
  memset(stall, 0, sizeof *stall);
  *rest_count = 0;
  int have_ms = 0, have_every = 0;
  for (uint32_t i = 0; options != NULL && i < option_count; ++i) {
    const char* key = options[i].key;
    int rc = RB_OK;
    if (key != NULL && options[i].value != NULL && strcmp(key, "stall_ms") == 0) {
      rc = parse_ms(key, options[i].value, &stall->ms, err, err_len);
      have_ms = 1;
    } else if (key != NULL && options[i].value != NULL && strcmp(key, "stall_every_ms") == 0) {
      rc = parse_ms(key, options[i].value, &stall->every_ms, err, err_len);
      have_every = 1;
    } else {
      rest[(*rest_count)++] = options[i];
    }
    if (rc != RB_OK) return rc;
  }
  if (have_ms != have_every || (have_ms && (stall->every_ms == 0 || stall->ms >= stall->every_ms)))
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "options 'stall_ms' and 'stall_every_ms' go together, with stall_ms < "
                        "stall_every_ms");
  if (stall->ms == 0) stall->every_ms = 0;
  return RB_OK;
}

int rr_stall_timeout_ms(struct rr_stall* stall) {
  if (stall->every_ms == 0) return -1;
  const uint64_t now = monotonic_ns();
  if (stall->next_ns == 0) stall->next_ns = now + stall->every_ms * 1000000u;
  if (now >= stall->next_ns) return 0;
  return (int)((stall->next_ns - now + 999999u) / 1000000u);
}

int rr_stall_if_due(struct rr_stall* stall) {
  if (stall->every_ms == 0 || monotonic_ns() < stall->next_ns) return 0;
  const struct timespec pause = {(time_t)(stall->ms / 1000), (long)(stall->ms % 1000) * 1000000L};
  nanosleep(&pause, NULL);
  stall->next_ns += stall->every_ms * 1000000u;
  return 1;
}
