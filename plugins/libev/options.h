#ifndef LIBEV_PLUGIN_OPTIONS_H
#define LIBEV_PLUGIN_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "option_table.h"
#include "reactorbench/plugin.h"

struct ev_loop;

/* The options of [plugin_options.libev], declared once: the descriptor lists this table and
 * parse_loop_options parses against it. The same key means the same thing in every workload. */
enum { kLibevOptionCount = 1 };
extern const rb_option_decl kLibevOptions[kLibevOptionCount];

/* How every ev_loop of the plugin is built. */
struct loop_options {
  const char* backend;       /* "epoll", "poll" or "select" */
  unsigned int backend_flag; /* the matching EVBACKEND_* */
};

/* Fills out from kLibevOptions' parsed values. */
void loop_options_from(const rb_option_value* values, struct loop_options* out);

/* Fills out from the host's key/value pairs (default: epoll). An unknown key or backend gives
 * RB_ERR_INVALID_ARGUMENT with a message naming it and what is known. */
int parse_loop_options(const rb_option* options, uint32_t option_count, const char* workload,
                       struct loop_options* out, char* err, size_t err_len);

/* A new loop on exactly the requested backend, deaf to LIBEV_FLAGS in the environment and
 * never touching the signal mask (the host owns signals). Returns RB_OK, or an RB_ERR_* code
 * with the reason in err and *loop NULL. */
int new_loop(const struct loop_options* options, struct ev_loop** loop, char* err, size_t err_len);

/* new_loop as kLibevOptions' parsed values say (for a harness that parsed them). */
int new_loop_from(const rb_option_value* values, struct ev_loop** loop, char* err, size_t err_len);

#endif
