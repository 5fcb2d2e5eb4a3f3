#ifndef RAW_EPOLL_OPTIONS_H
#define RAW_EPOLL_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "option_table.h"
#include "reactorbench/plugin.h"
#include "rr_stall.h"

/* The options of [plugin_options.raw-epoll], declared once: the descriptor lists this table
 * and every parse_* below parses against it, for its own workload. */
enum { kRawEpollOptionCount = 5 };
extern const rb_option_decl kRawEpollOptions[kRawEpollOptionCount];

/* Every workload's (notify reads spin_ns only). */
struct epoll_options {
  uint32_t max_events; /* epoll_wait's maxevents; 0 means the default for the pipe count */
  uint64_t spin_ns;    /* busy-wait per read callback, served message or consumed item (spin.h) */
};

/* Fills out from kRawEpollOptions' parsed values. */
void epoll_options_from(const rb_option_value* values, struct epoll_options* out);

/* notify's wake option from kRawEpollOptions' parsed values: whether only a post onto an empty
 * queue writes the eventfd (wake = "when_empty"; default "every"). */
int wake_when_empty_from(const rb_option_value* values);

/* rr's stall_ms and stall_every_ms from kRawEpollOptions' parsed values (off when neither was
 * given): RB_ERR_INVALID_ARGUMENT unless both or neither are given, with stall_ms <
 * stall_every_ms. */
int rr_stall_from(const rb_option_value* values, struct rr_stall* stall, char* err, size_t err_len);

#endif
