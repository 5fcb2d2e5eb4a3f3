#include "epoll_options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "error_message.h"

/* 1 when `value` is a decimal integer from min to max (stored in *out). strtoull alone
 * would accept " 12", "-1" (wrapped) and "12abc". */
static int parse_bounded(const char* value, unsigned long long min, unsigned long long max,
                         unsigned long long* out) {
  int digits_only = value[0] != '\0';
  for (const char* c = value; *c != '\0'; ++c) {
    digits_only = digits_only && *c >= '0' && *c <= '9';
  }
  errno = 0;
  *out = digits_only ? strtoull(value, NULL, 10) : 0;
  return digits_only && errno == 0 && *out >= min && *out <= max;
}

static int parse_max_events(const char* value, struct epoll_options* out, char* err,
                            size_t err_len) {
  unsigned long long parsed = 0;
  if (!parse_bounded(value, 1, kMaxEventsLimit, &parsed)) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "option 'max_events': expected an integer from 1 to %d, got '%s'",
                        kMaxEventsLimit, value);
  }
  out->max_events = (uint32_t)parsed;
  return RB_OK;
}

int parse_spin_ns(const char* value, uint64_t* out, char* err, size_t err_len) {
  unsigned long long parsed = 0;
  if (!parse_bounded(value, 0, RAW_EPOLL_SPIN_NS_LIMIT, &parsed)) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "option 'spin_ns': expected nanoseconds from 0 (off) to %llu, got '%s'",
                        RAW_EPOLL_SPIN_NS_LIMIT, value);
  }
  *out = parsed;
  return RB_OK;
}

int parse_epoll_options(const rb_option* options, uint32_t option_count, struct epoll_options* out,
                        char* err, size_t err_len) {
  out->max_events = 0;
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
    int rc = RB_OK;
    if (strcmp(key, "max_events") == 0) {
      rc = parse_max_events(value, out, err, err_len);
    } else if (strcmp(key, "spin_ns") == 0) {
      rc = parse_spin_ns(value, &out->spin_ns, err, err_len);
    } else {
      return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                          "unknown option '%s' (known: max_events, spin_ns)", key);
    }
    if (rc != RB_OK) {
      return rc;
    }
  }
  return RB_OK;
}
