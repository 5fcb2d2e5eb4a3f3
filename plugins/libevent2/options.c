#include "options.h"

#include <string.h>

#include "error_message.h"
#include "option_table.h"

enum { kBackend, kChangelist, kWakeup, kDrain, kHttp, kIo };

#define LOOP_WORKLOADS "flower,pingpong_server,pingpong_client,rr_server"

const rb_option_decl kLibevent2Options[kLibevent2OptionCount] = {
    [kBackend] = RB_OPTION_DECL(RB_OPTION_ENUM, "backend", "epoll|poll|select", "epoll",
                                "the event_base's method; the others are avoided", LOOP_WORKLOADS),
    [kChangelist] =
        RB_OPTION_DECL(RB_OPTION_BOOL, "changelist", NULL, "off",
                       "EVENT_BASE_FLAG_EPOLL_USE_CHANGELIST (backend epoll only)", LOOP_WORKLOADS),
    [kWakeup] = RB_OPTION_DECL(RB_OPTION_ENUM, "wakeup", "pipe|eventfd", "pipe",
                               "the notify consumer's wake-up fd: one byte per item (as the "
                               "pipe-vs-condvar study) or a counter",
                               "notify"),
    [kDrain] = RB_OPTION_DECL(RB_OPTION_ENUM, "drain", "one|all", "one",
                              "tokens the notify consumer takes per callback", "notify"),
    [kHttp] = RB_OPTION_DECL(RB_OPTION_ENUM, "http", "bufferevent|evhttp", "bufferevent",
                             "rr: bufferevents with the shared parser, or libevent's own evhttp",
                             "rr_server"),
    [kIo] =
        RB_OPTION_DECL(RB_OPTION_ENUM, "io", "read|recv", "read",
                       "flower's calls per byte: read/write, or recv/send as bench.c", "flower"),
};

const char* const kLoopBackends[] = {"epoll", "poll", "select"};
const size_t kLoopBackendCount = sizeof kLoopBackends / sizeof kLoopBackends[0];

int loop_options_from(const rb_option_value* values, struct loop_options* out, char* err,
                      size_t err_len) {
  out->backend = kLoopBackends[values[kBackend].number];
  out->use_changelist = (int)values[kChangelist].number;
  if (out->use_changelist && strcmp(out->backend, "epoll") != 0) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "option 'changelist' applies only to backend epoll, not %s", out->backend);
  }
  return RB_OK;
}

void notify_options_from(const rb_option_value* values, struct notify_options* out) {
  out->use_eventfd = (int)values[kWakeup].number;
  out->drain_all = (int)values[kDrain].number;
}

int uses_evhttp(const rb_option_value* values) {
  return (int)values[kHttp].number;
}

int flower_uses_recv(const rb_option_value* values) {
  return (int)values[kIo].number;
}
