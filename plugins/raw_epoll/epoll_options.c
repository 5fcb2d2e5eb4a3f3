#include "epoll_options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "error_message.h"

static int parse_max_events(const char* value, struct epoll_options* out, char* err,
                            size_t err_len) {
  /* strtoull alone would accept " 12", "-1" (wrapped) and "12abc". */
  int digits_only = value[0] != '\0';
  for (const char* c = value; *c != '\0'; ++c) {
    digits_only = digits_only && *c >= '0' && *c <= '9';
  }
  errno = 0;
  unsigned long long parsed = digits_only ? strtoull(value, NULL, 10) : 0;
  if (!digits_only || errno != 0 || parsed < 1 || parsed > kMaxEventsLimit) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "option 'max_events': expected an integer from 1 to %d, got '%s'",
                        kMaxEventsLimit, value);
  }
  out->max_events = (uint32_t)parsed;
  return RB_OK;
}

int parse_epoll_options(const rb_option* options, uint32_t option_count, struct epoll_options* out,
                        char* err, size_t err_len) {
  out->max_events = 0;
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
    if (strcmp(key, "max_events") != 0) {
      return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                          "unknown option '%s' (known: max_events)", key);
    }
    int rc = parse_max_events(value, out, err, err_len);
    if (rc != RB_OK) {
      return rc;
    }
  }
  return RB_OK;
}
