#include "loop_options.h"

#include <string.h>

#include "error_message.h"

const char* const kLoopBackends[] = {"epoll", "poll", "select"};
const size_t kLoopBackendCount = sizeof kLoopBackends / sizeof kLoopBackends[0];

static int parse_backend(const char* value, struct loop_options* out, char* err, size_t err_len) {
  for (size_t i = 0; i < kLoopBackendCount; ++i) {
    if (strcmp(value, kLoopBackends[i]) == 0) {
      out->backend = kLoopBackends[i];
      return RB_OK;
    }
  }
  return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                      "option 'backend': unknown backend '%s' (known: epoll, poll, select)", value);
}

static int parse_changelist(const char* value, struct loop_options* out, char* err,
                            size_t err_len) {
  if (strcmp(value, "on") == 0 || strcmp(value, "true") == 0) {
    out->use_changelist = 1;
  } else if (strcmp(value, "off") == 0 || strcmp(value, "false") == 0) {
    out->use_changelist = 0;
  } else {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "option 'changelist': expected on or off, got '%s'", value);
  }
  return RB_OK;
}

int parse_loop_options(const rb_option* options, uint32_t option_count, struct loop_options* out,
                       char* err, size_t err_len) {
  out->backend = "epoll";
  out->use_changelist = 0;
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
    int rc;
    if (strcmp(key, "backend") == 0) {
      rc = parse_backend(value, out, err, err_len);
    } else if (strcmp(key, "changelist") == 0) {
      rc = parse_changelist(value, out, err, err_len);
    } else {
      rc = report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "unknown option '%s' (known: backend, changelist)", key);
    }
    if (rc != RB_OK) {
      return rc;
    }
  }
  if (out->use_changelist && strcmp(out->backend, "epoll") != 0) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "option 'changelist' applies only to backend epoll, not %s", out->backend);
  }
  return RB_OK;
}
