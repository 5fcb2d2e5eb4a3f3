#ifndef LIBUV_PLUGIN_OPTIONS_H
#define LIBUV_PLUGIN_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "option_table.h"
#include "reactorbench/plugin.h"

/* The options of [plugin_options.libuv], declared once: the descriptor lists this table and
 * parse_libuv_options parses against it. Only the TCP workloads (pingpong, rr) take a key:
 *   read_size  bytes handed to libuv per read (the buffer of uv_alloc_cb); the default is the
 *              64 KiB libuv suggests, 4096 reads as libevent does (EVBUFFER_MAX_READ). */
enum { kLibuvOptionCount = 1 };
extern const rb_option_decl kLibuvOptions[kLibuvOptionCount];

struct libuv_options {
  uint32_t read_size;
};

/* Fills out from kLibuvOptions' parsed values. */
void libuv_options_from(const rb_option_value* values, struct libuv_options* out);

/* Fills out (defaults first) for workload ("flower", "notify", "pingpong_server",
 * "pingpong_client", "rr_server"). An unknown key, one of another workload or a malformed
 * value gives RB_ERR_INVALID_ARGUMENT with a message naming it and listing the keys
 * `workload` knows. */
int parse_libuv_options(const rb_option* options, uint32_t option_count, const char* workload,
                        struct libuv_options* out, char* err, size_t err_len);

#endif
