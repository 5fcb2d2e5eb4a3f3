#include "rr_stall.h"

#include <time.h>

static uint64_t monotonic_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int rr_stall_timeout_on_ms(struct rr_stall* stall) {
  const uint64_t now = monotonic_ns();
  if (stall->next_ns == 0) stall->next_ns = now + stall->every_ms * 1000000u;
  if (now >= stall->next_ns) return 0;
  return (int)((stall->next_ns - now + 999999u) / 1000000u);
}

int rr_stall_on_if_due(struct rr_stall* stall) {
  if (monotonic_ns() < stall->next_ns) return 0;
  const struct timespec pause = {(time_t)(stall->ms / 1000), (long)(stall->ms % 1000) * 1000000L};
  nanosleep(&pause, NULL);
  stall->next_ns += stall->every_ms * 1000000u;
  return 1;
}
