#ifndef LIBEV_PLUGIN_HOT_POTATO_H
#define LIBEV_PLUGIN_HOT_POTATO_H

#include <stddef.h>
#include <stdint.h>

#include "reactorbench/plugin.h"

/* The game of libevent's test/bench.c without the loop that drives it: the byte read from
 * pipe i goes on to pipe (i + 1) % pipes while the iteration's write budget lasts, so an
 * iteration ends after exactly active + writes reads. */
struct hot_potato {
  uint32_t pipes;
  uint32_t active;
  uint32_t writes_per_iteration;
  /* Copies of the host's fd arrays: nothing depends on how long the host keeps its own. */
  int* read_fds;
  int* write_fds;

  /* One iteration, reset by hot_potato_reset. */
  uint64_t count;  /* bytes read */
  uint64_t fired;  /* bytes sent into the ring: the host's `active` and every pass */
  uint64_t budget; /* passes left */
  uint64_t writes; /* passes made */
  uint64_t failures;
  /* A lost byte (end of file, a failed write) means count can never reach fired. */
  int fatal;
  char fatal_message[160];
};

/* Checks the host's parameters and copies its fds; on failure fills err and returns an
 * RB_ERR_* code. hot_potato_free is safe either way. */
int hot_potato_init(struct hot_potato* potato, const rb_flower_params* params, char* err,
                    size_t err_len);
void hot_potato_free(struct hot_potato* potato);

/* Starts an iteration: the host is about to write `active` bytes. */
void hot_potato_reset(struct hot_potato* potato);

/* The read callback's work for pipe idx. */
void hot_potato_on_readable(struct hot_potato* potato, uint32_t idx);

/* The iteration is over, or can never end. */
static inline int hot_potato_done(const struct hot_potato* potato) {
  return potato->count == potato->fired || potato->fatal;
}

void hot_potato_put_counters(const struct hot_potato* potato, const rb_counter_sink* sink);

#endif
