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

int parse_loop_options(const rb_option* options, uint32_t option_count, const char* workload,
                       struct loop_options* out, char* err, size_t err_len) {
  rb_option_value values[kLibevOptionCount];
  const int rc = option_table_parse(kLibevOptions, kLibevOptionCount, workload, options,
                                    option_count, values, err, err_len);
  if (rc == RB_OK) {
    loop_options_from(values, out);
  }
  return rc;
}

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
