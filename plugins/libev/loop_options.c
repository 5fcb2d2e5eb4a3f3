#include "loop_options.h"

#include <ev.h>
#include <string.h>

#include "error_message.h"

struct backend_name {
  const char* name;
  unsigned int flag;
};

static const struct backend_name kBackends[] = {
    {"epoll", EVBACKEND_EPOLL},
    {"poll", EVBACKEND_POLL},
    {"select", EVBACKEND_SELECT},
};
enum { kBackendCount = sizeof kBackends / sizeof kBackends[0] };

static int parse_backend(const char* value, struct loop_options* out, char* err, size_t err_len) {
  for (size_t i = 0; i < kBackendCount; ++i) {
    if (strcmp(value, kBackends[i].name) == 0) {
      out->backend = kBackends[i].name;
      out->backend_flag = kBackends[i].flag;
      return RB_OK;
    }
  }
  return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                      "option 'backend': unknown backend '%s' (known: epoll, poll, select)", value);
}

int parse_loop_options(const rb_option* options, uint32_t option_count, struct loop_options* out,
                       char* err, size_t err_len) {
  out->backend = kBackends[0].name;
  out->backend_flag = kBackends[0].flag;
  if (option_count > 0 && options == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "%u options announced but none given", option_count);
  }
  for (uint32_t i = 0; i < option_count; ++i) {
    const char* key = options[i].key;
    const char* value = options[i].value;
    if (key == NULL || value == NULL) {
      return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "option %u has no key or no value",
                          i);
    }
    if (strcmp(key, "backend") != 0) {
      return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                          "unknown option '%s' (known: backend)", key);
    }
    const int rc = parse_backend(value, out, err, err_len);
    if (rc != RB_OK) {
      return rc;
    }
  }
  return RB_OK;
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
