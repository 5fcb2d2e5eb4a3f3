#include "plugin_options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "error_message.h"

static int parse_read_size(const char* value, struct libuv_options* out, char* err,
                           size_t err_len) {
  /* strtoull alone would accept " 12", "-1" (wrapped) and "12abc". */
  int digits_only = value[0] != '\0';
  for (const char* c = value; *c != '\0'; ++c) digits_only = digits_only && *c >= '0' && *c <= '9';
  errno = 0;
  const unsigned long long parsed = digits_only ? strtoull(value, NULL, 10) : 0;
  if (!digits_only || errno != 0 || parsed < 1 || parsed > kMaxReadSize)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "option 'read_size': expected an integer from 1 to %d, got '%s'",
                        kMaxReadSize, value);
  out->read_size = (uint32_t)parsed;
  return RB_OK;
}

int parse_libuv_options(const rb_option* options, uint32_t option_count, enum libuv_option_set set,
                        const char* workload, struct libuv_options* out, char* err,
                        size_t err_len) {
  out->read_size = kDefaultReadSize;
  if (option_count > 0 && options == NULL)
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "%u options announced but none given", option_count);
  for (uint32_t i = 0; i < option_count; ++i) {
    const char* key = options[i].key;
    const char* value = options[i].value;
    if (key == NULL || value == NULL)
      return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "option %u has no key or no value",
                          i);
    if (set == kStreamOptions && strcmp(key, "read_size") == 0) {
      const int rc = parse_read_size(value, out, err, err_len);
      if (rc != RB_OK) return rc;
      continue;
    }
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "unknown option '%s' for the %s workload (known: %s)", key, workload,
                        set == kStreamOptions ? "read_size" : "none");
  }
  return RB_OK;
}
