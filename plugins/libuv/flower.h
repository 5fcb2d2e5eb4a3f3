#ifndef LIBUV_PLUGIN_FLOWER_H
#define LIBUV_PLUGIN_FLOWER_H

#include "reactorbench/plugin.h"

/* The flower (hot potato) workload on one uv_loop_t: a uv_poll_t per read end, made once in
 * prepare on the host's fd (closing a poll handle leaves its fd open, unlike uv_pipe_open,
 * which would take the fd over). arm calls uv_poll_start on every handle, which libuv turns
 * into an epoll_ctl DEL and a fresh ADD as bench.c's event_del + event_add, and turns the
 * loop once without blocking so those changes are made during setup. dispatch runs
 * uv_run(UV_RUN_ONCE) until every byte in flight has been read. */
extern const rb_flower_ops libuv_flower_ops;

#endif
