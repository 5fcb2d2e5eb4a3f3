#include "pingpong_base.h"

#include <event2/event.h>
#include <string.h>

#include "error_message.h"

struct event_base* pingpong_new_base(const struct loop_options* options, char* err,
                                     size_t err_len) {
  struct event_config* config = event_config_new();
  if (config == NULL) {
    report_error(RB_ERR_SYSTEM, err, err_len, "event_config_new failed");
    return NULL;
  }
  for (size_t i = 0; i < kLoopBackendCount; ++i)
    if (strcmp(kLoopBackends[i], options->backend) != 0)
      event_config_avoid_method(config, kLoopBackends[i]);
  int flags = EVENT_BASE_FLAG_IGNORE_ENV;
  if (options->use_changelist) flags |= EVENT_BASE_FLAG_EPOLL_USE_CHANGELIST;
  event_config_set_flag(config, flags);
  struct event_base* base = event_base_new_with_config(config);
  event_config_free(config);
  if (base == NULL)
    report_error(RB_ERR_UNSUPPORTED, err, err_len,
                 "libevent %s cannot create an event_base with backend %s", event_get_version(),
                 options->backend);
  return base;
}
