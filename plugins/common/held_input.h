#ifndef RB_PLUGIN_COMMON_HELD_INPUT_H
#define RB_PLUGIN_COMMON_HELD_INPUT_H

#include <stddef.h>

/* Bytes a server has read from a connection and not yet answered: what was left of a read
 * once the connection's output went above the high-water mark (output_high_water.h), kept
 * until the output has drained. Memory only while something is held; a server that reads
 * into one buffer per loop cannot leave them there. */
struct held_input {
  char* data;
  size_t length;
};

/* held_input_keep's work once there is something to do. */
int held_input_replace(struct held_input* held, const char* data, size_t n);

/* Holds data[0..n), replacing what was held; data may point into what is held. 0, or -1 with
 * errno set. Nothing to hold with nothing held, as after every read a client answers, costs
 * one test. */
static inline int held_input_keep(struct held_input* held, const char* data, size_t n) {
  if (n == 0 && held->data == NULL) return 0;
  return held_input_replace(held, data, n);
}

void held_input_free(struct held_input* held);

#endif
