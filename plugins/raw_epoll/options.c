#include "options.h"

#include <string.h>

#include "error_message.h"
#include "option_table.h"

enum { kMaxEvents, kSpinNs, kWake, kStallMs, kStallEveryMs };

/* max_events' 1 << 20 bounds a buffer; spin_ns' 10 ms per event is far beyond any slowdown
 * worth injecting (more is surely a typo); a stall is at most an hour. */
const rb_option_decl kRawEpollOptions[kRawEpollOptionCount] = {
    [kMaxEvents] = RB_OPTION_DECL(RB_OPTION_INT, "max_events", "1..1048576", NULL,
                                  "epoll_wait's maxevents (default: from the pipe count)",
                                  "flower,pingpong_server,pingpong_client,rr_server"),
    [kSpinNs] = RB_OPTION_DECL(RB_OPTION_INT, "spin_ns", "0..10000000", "0",
                               "an injected busy-wait per event handled, in ns (0: off)", NULL),
    [kWake] = RB_OPTION_DECL(RB_OPTION_ENUM, "wake", "every|when_empty", "every",
                             "notify: write the eventfd on every post, or only onto an empty queue",
                             "notify"),
    [kStallMs] = RB_OPTION_DECL(
        RB_OPTION_INT, "stall_ms", "0..3600000", NULL,
        "rr: an injected pause of each serving loop, in ms (with stall_every_ms)", "rr_server"),
    [kStallEveryMs] = RB_OPTION_DECL(
        RB_OPTION_INT, "stall_every_ms", "0..3600000", NULL,
        "rr: how often each serving loop stalls, in ms (with stall_ms)", "rr_server"),
};

void epoll_options_from(const rb_option_value* values, struct epoll_options* out) {
  out->max_events = (uint32_t)values[kMaxEvents].number;
  out->spin_ns = (uint64_t)values[kSpinNs].number;
}

int wake_when_empty_from(const rb_option_value* values) {
  return (int)values[kWake].number;
}

int rr_stall_from(const rb_option_value* values, struct rr_stall* stall, char* err,
                  size_t err_len) {
  memset(stall, 0, sizeof *stall);
  stall->ms = (uint64_t)values[kStallMs].number;
  stall->every_ms = (uint64_t)values[kStallEveryMs].number;
  const int have_ms = values[kStallMs].given;
  if (have_ms != values[kStallEveryMs].given ||
      (have_ms && (stall->every_ms == 0 || stall->ms >= stall->every_ms))) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "options 'stall_ms' and 'stall_every_ms' go together, with stall_ms < "
                        "stall_every_ms");
  }
  if (stall->ms == 0) {
    stall->every_ms = 0;
  }
  return RB_OK;
}
