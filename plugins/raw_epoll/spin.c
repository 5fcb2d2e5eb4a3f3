#include "spin.h"

#include <time.h>

enum {
  kTrialIterations = 1 << 18, /* about 0.1-0.3 ms per trial at 1-3 GHz */
  kTrials = 5
};

static uint64_t monotonic_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void spin_init(struct spin* spin, uint64_t ns) {
  spin->iterations = 0;
  if (ns == 0) return;
  const struct spin trial = {.iterations = kTrialIterations};
  uint64_t best_ns = UINT64_MAX;
  for (int i = 0; i < kTrials; ++i) {
    const uint64_t start = monotonic_ns();
    spin_run(&trial);
    const uint64_t took = monotonic_ns() - start;
    if (took < best_ns) best_ns = took;
  }
  if (best_ns == 0) best_ns = 1;
  /* iterations = ns x (trial iterations / trial ns), rounded, at least one. */
  const double per_ns = (double)kTrialIterations / (double)best_ns;
  const double iterations = (double)ns * per_ns + 0.5;
  spin->iterations = iterations < 1.0 ? 1 : (uint64_t)iterations;
}
