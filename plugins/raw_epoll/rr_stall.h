#ifndef RAW_EPOLL_RR_STALL_H
#define RAW_EPOLL_RR_STALL_H

#include <stddef.h>
#include <stdint.h>

/* An injected pause of the serving loop: every `every_ms` the loop's thread sleeps `ms`
 * with its connections unserved, as a garbage collection, a page fault storm or a blocking
 * call inside a callback would. It exists to measure coordinated omission: a closed-loop
 * client stops sending while the server is stalled and so hides the stall from its
 * percentiles; an open-loop client does not. Off (0) unless configured (options.h parses
 * stall_ms and stall_every_ms). */
struct rr_stall {
  uint64_t ms;
  uint64_t every_ms;
  uint64_t next_ns; /* per loop: when its next stall is due */
};

/* The epoll_wait timeout until the next stall (-1 when off), and the stall itself when due.
 * Returns 1 when it stalled. Off is decided inline: every loop iteration asks. */
int rr_stall_timeout_on_ms(struct rr_stall* stall);
int rr_stall_on_if_due(struct rr_stall* stall);

static inline int rr_stall_timeout_ms(struct rr_stall* stall) {
  return stall->every_ms == 0 ? -1 : rr_stall_timeout_on_ms(stall);
}

static inline int rr_stall_if_due(struct rr_stall* stall) {
  return stall->every_ms == 0 ? 0 : rr_stall_on_if_due(stall);
}

#endif
