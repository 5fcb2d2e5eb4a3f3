#ifndef RAW_EPOLL_SPIN_H
#define RAW_EPOLL_SPIN_H

#include <stdint.h>

/* An injected, calibrated busy-wait (option spin_ns): a known slowdown that goes through the
 * plugin's own code path (each read callback, each served message), so scripts/aa-check can
 * measure whether the statistics detect a change of a known size. Reading the clock on every
 * spin would cost more than a short spin itself and make the delay depend on the clock's
 * speed, so the loop is calibrated once (iterations per ns) and then only counts. 0 = off:
 * one predictable branch. */
struct spin {
  uint64_t iterations; /* per spin; 0 = off */
};

/* Calibrates for `ns` per spin (0: off, no calibration). The loop rate is measured on the
 * calling thread; the fastest of a few short trials counts, so one preemption during
 * calibration cannot make every later spin too short. */
void spin_init(struct spin* spin, uint64_t ns);

/* Busy-waits for the calibrated time. */
static inline void spin_run(const struct spin* spin) {
  for (uint64_t i = 0; i < spin->iterations; ++i) {
    /* An empty statement the compiler must keep: it may not fold or drop the loop. */
    __asm__ __volatile__("" ::: "memory");
  }
}

#endif
