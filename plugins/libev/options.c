#include "options.h"

#include <ev.h>
#include <string.h>

#include "error_message.h"
#include "option_table.h"

const rb_option_decl kLibevOptions[kLibevOptionCount] = {
    RB_OPTION_DECL(RB_OPTION_ENUM, "backend", "epoll|poll|select", "epoll",
                   "the ev_loop's backend (EVBACKEND_*), the same in every workload", NULL),
};

/* In the order of the backend option's allowed values. */
static const unsigned int kBackendFlags[] = {EVBACKEND_EPOLL, EVBACKEND_POLL, EVBACKEND_SELECT};
static const char* const kBackendNames[] = {"epoll", "poll", "select"};

void loop_options_from(const rb_option_value* values, struct loop_options* out) {
  out->backend = kBackendNames[values[0].number];
  out->backend_flag = kBackendFlags[values[0].number];
}

OPTION_TABLE_PARSER(parse_loop_options, kLibevOptions, struct loop_options, loop_options_from)

int new_loop(const struct loop_options* options, struct ev_loop** loop, char* err, size_t err_len) {
  *loop = NULL;
  if ((ev_supported_backends() & options->backend_flag) == 0) {
    return report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "libev %d.%d was built without backend %s", ev_version_major(),
                        ev_version_minor(), options->backend);
  }
  struct ev_loop* made = ev_loop_new(options->backend_flag | EVFLAG_NOENV | EVFLAG_NOSIGMASK);
  if (made == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len,
                        "ev_loop_new cannot create a loop with backend %s", options->backend);
  }
  if (ev_backend(made) != options->backend_flag) {
    const unsigned int chosen = ev_backend(made);
    ev_loop_destroy(made);
    return report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "libev chose backend 0x%x instead of the requested %s (0x%x)", chosen,
                        options->backend, options->backend_flag);
  }
  *loop = made;
  return RB_OK;
}

int new_loop_from(const rb_option_value* values, struct ev_loop** loop, char* err, size_t err_len) {
  struct loop_options options;
  loop_options_from(values, &options);
  return new_loop(&options, loop, err, err_len);
}
