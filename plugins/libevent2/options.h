#ifndef LIBEVENT2_OPTIONS_H
#define LIBEVENT2_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "option_table.h"
#include "reactorbench/plugin.h"

/* The options of [plugin_options.libevent2], declared once: the descriptor lists this table
 * and every parse_* below parses against it, for its own workload. */
enum { kLibevent2OptionCount = 5 };
extern const rb_option_decl kLibevent2Options[kLibevent2OptionCount];

/* How the event_base is built (flower, pingpong, rr). */
struct loop_options {
  const char* backend; /* libevent's method name: "epoll", "poll" or "select" */
  int use_changelist;  /* EVENT_BASE_FLAG_EPOLL_USE_CHANGELIST */
};

/* How the notify consumer is woken. */
struct notify_options {
  int use_eventfd; /* wakeup = "eventfd"; default "pipe" (seed 004: one byte per item) */
  int drain_all;   /* drain = "all": take every pending token per callback; default "one" */
};

/* How the rr server is built. */
struct rr_options {
  struct loop_options loop; /* backend, changelist: as every workload */
  /* http = "evhttp": libevent's own HTTP stack; default "bufferevent": bufferevents with the
   * shared parser of <reactorbench/http_request.h>, so the numbers are about the loop. */
  int use_evhttp;
};

/* Fills out from kLibevent2Options' parsed values; RB_ERR_INVALID_ARGUMENT when changelist is
 * asked for with a backend other than epoll. */
int loop_options_from(const rb_option_value* values, struct loop_options* out, char* err,
                      size_t err_len);

/* Fills out from kLibevent2Options' parsed values (defaults: pipe, one). */
void notify_options_from(const rb_option_value* values, struct notify_options* out);

/* Each fills its struct (defaults: epoll, changelist off, bufferevent). Unknown
 * keys, keys of another workload and malformed values give RB_ERR_INVALID_ARGUMENT with a
 * message naming them. workload: "flower", "pingpong_server" or "pingpong_client". */
int parse_loop_options(const rb_option* options, uint32_t option_count, const char* workload,
                       struct loop_options* out, char* err, size_t err_len);
int parse_rr_options(const rb_option* options, uint32_t option_count, struct rr_options* out,
                     char* err, size_t err_len);

/* The backends libevent may choose among on Linux; all but the requested one are avoided. */
extern const char* const kLoopBackends[];
extern const size_t kLoopBackendCount;

#endif
