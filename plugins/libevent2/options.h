#ifndef LIBEVENT2_OPTIONS_H
#define LIBEVENT2_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "option_table.h"
#include "reactorbench/plugin.h"

/* The options of [plugin_options.libevent2], declared once: the descriptor lists this table
 * and every parse_* below parses against it, for its own workload. */
enum { kLibevent2OptionCount = 6 };
extern const rb_option_decl kLibevent2Options[kLibevent2OptionCount];

/* How the event_base is built (flower, pingpong, rr). */
struct loop_options {
  const char* backend; /* libevent's method name: "epoll", "poll" or "select" */
  int use_changelist;  /* EVENT_BASE_FLAG_EPOLL_USE_CHANGELIST */
};

/* How the notify consumer is woken. */
struct notify_options {
  int use_eventfd; /* wakeup = "eventfd"; default "pipe" (one byte per item, as the study) */
  int drain_all;   /* drain = "all": take every pending token per callback; default "one" */
};

/* Fills out from kLibevent2Options' parsed values; RB_ERR_INVALID_ARGUMENT when changelist is
 * asked for with a backend other than epoll. */
int loop_options_from(const rb_option_value* values, struct loop_options* out, char* err,
                      size_t err_len);

/* Fills out from kLibevent2Options' parsed values (defaults: pipe, one). */
void notify_options_from(const rb_option_value* values, struct notify_options* out);

/* The rr server's http option from kLibevent2Options' parsed values: "evhttp" (non-zero),
 * libevent's own HTTP stack, or the default "bufferevent", bufferevents with the shared parser
 * of <reactorbench/http_request.h>, so the numbers are about the loop. */
int uses_evhttp(const rb_option_value* values);

/* Whether flower's read callback calls recv/send (io = "recv", as bench.c does) rather than
 * read/write (the default) from kLibevent2Options' parsed values. */
int flower_uses_recv(const rb_option_value* values);

/* The backends libevent may choose among on Linux; all but the requested one are avoided. */
extern const char* const kLoopBackends[];
extern const size_t kLoopBackendCount;

#endif
