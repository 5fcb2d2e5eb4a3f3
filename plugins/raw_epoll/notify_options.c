#include "notify_options.h"

#include <string.h>

#include "epoll_options.h"
#include "error_message.h"

int parse_notify_options(const rb_option* options, uint32_t option_count,
                         struct notify_options* out, char* err, size_t err_len) {
  out->wake_when_empty = 0;
  out->spin_ns = 0;
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
    if (strcmp(key, "spin_ns") == 0) {
      const int rc = parse_spin_ns(value, &out->spin_ns, err, err_len);
      if (rc != RB_OK) {
        return rc;
      }
      continue;
    }
    if (strcmp(key, "wake") != 0) {
      return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                          "unknown option '%s' for the notify workload (known: wake, spin_ns)",
                          key);
    }
    if (strcmp(value, "every") == 0) {
      out->wake_when_empty = 0;
    } else if (strcmp(value, "when_empty") == 0) {
      out->wake_when_empty = 1;
    } else {
      return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                          "option 'wake': expected every or when_empty, got '%s'", value);
    }
  }
  return RB_OK;
}
