#ifndef RB_PLUGIN_COMMON_OUTPUT_HIGH_WATER_H
#define RB_PLUGIN_COMMON_OUTPUT_HIGH_WATER_H

#include <stddef.h>

/* The servers' limit on a connection's output waiting for its socket. Above it a server stops
 * reading from the connection, and an rr server stops answering the requests it has read
 * already, until the output has drained; a client that sends without reading then fills its
 * own socket buffers instead of the server's memory. Far above what a client that reads its
 * answers leaves waiting, so benchmarks do not meet it. */
enum { RB_OUTPUT_HIGH_WATER = 256 * 1024 };

static inline int rb_output_above_high_water(size_t waiting) {
  return waiting > RB_OUTPUT_HIGH_WATER;
}

#endif
