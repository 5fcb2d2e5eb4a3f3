#include "notify_options.h"

#include <string.h>

#include "error_message.h"

static int parse_choice(const char* key, const char* value, const char* first, const char* second,
                        int* out, char* err, size_t err_len) {
  if (strcmp(value, first) == 0) {
    *out = 0;
  } else if (strcmp(value, second) == 0) {
    *out = 1;
  } else {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "option '%s': expected %s or %s, got '%s'", key, first, second, value);
  }
  return RB_OK;
}

int parse_notify_options(const rb_option* options, uint32_t option_count,
                         struct notify_options* out, char* err, size_t err_len) {
  out->use_eventfd = 0;
  out->drain_all = 0;
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
    if (strcmp(key, "wakeup") == 0) {
      rc = parse_choice(key, value, "pipe", "eventfd", &out->use_eventfd, err, err_len);
    } else if (strcmp(key, "drain") == 0) {
      rc = parse_choice(key, value, "one", "all", &out->drain_all, err, err_len);
    } else {
      rc = report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "unknown option '%s' for the notify workload (known: wakeup, drain)", key);
    }
    if (rc != RB_OK) {
      return rc;
    }
  }
  return RB_OK;
}
