#ifndef LIBUV_PLUGIN_OPTIONS_H
#define LIBUV_PLUGIN_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "reactorbench/plugin.h"

/* From [plugin_options.libuv]. Only the TCP workloads (pingpong, rr) take a key:
 *   read_size  bytes handed to libuv per read (the buffer of uv_alloc_cb); the default is the
 *              64 KiB libuv suggests, 4096 reads as libevent does (EVBUFFER_MAX_READ). */
struct libuv_options {
  uint32_t read_size;
};

enum { kDefaultReadSize = 64 * 1024, kMaxReadSize = 16 * 1024 * 1024 };

/* Which keys a workload knows. */
enum libuv_option_set { kNoOptions, kStreamOptions };

/* Fills out (defaults first). An unknown key or a malformed value gives
 * RB_ERR_INVALID_ARGUMENT with a message naming it and listing the keys `workload` knows. */
int parse_libuv_options(const rb_option* options, uint32_t option_count, enum libuv_option_set set,
                        const char* workload, struct libuv_options* out, char* err, size_t err_len);

#endif
