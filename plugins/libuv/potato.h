#ifndef LIBUV_PLUGIN_POTATO_H
#define LIBUV_PLUGIN_POTATO_H

#include <stddef.h>
#include <stdint.h>

#include "reactorbench/plugin.h"

/* The game of libevent's test/bench.c without the loop that drives it: the byte read from
 * pipe i goes on to pipe (i + 1) % pipes while the iteration's write budget lasts, so an
 * iteration ends after exactly active + writes reads. */
struct potato {
  uint32_t pipes;
  uint32_t active;
  uint32_t writes_per_iteration;
  int* read_fds; /* copies of the host's arrays; the fds stay the host's */
  int* write_fds;

  /* One iteration, reset by potato_reset. */
  uint64_t count;  /* bytes read */
  uint64_t fired;  /* bytes sent into the ring: the host's `active` plus the ones passed on */
  uint64_t budget; /* passes left */
  uint64_t writes; /* passes made */
  uint64_t failures;
  int fatal; /* a byte was lost or the loop failed: count can never reach fired */
  char fatal_message[160];
};

/* Checks the host's parameters and copies its fd arrays. RB_OK, or an RB_ERR_* code with
 * the reason in err; potato_free is safe either way. */
int potato_init(struct potato* potato, const rb_flower_params* params, char* err, size_t err_len);
void potato_free(struct potato* potato);

/* A new iteration: the host is about to write `active` bytes. */
void potato_reset(struct potato* potato);

/* The read callback's work for pipe idx. */
void potato_on_readable(struct potato* potato, uint32_t idx);

/* Stops the game with a reason (the first one wins). */
void potato_fail(struct potato* potato, const char* what, uint32_t idx, const char* why);

static inline int potato_finished(const struct potato* potato) {
  return potato->count == potato->fired;
}

void potato_put_counters(const struct potato* potato, const rb_counter_sink* sink);

#endif
