#include "rr_options.h"

#include <stdlib.h>
#include <string.h>

#include "error_message.h"

static int parse_http(const char* value, struct rr_options* out, char* err, size_t err_len) {
  if (strcmp(value, "bufferevent") == 0) {
    out->use_evhttp = 0;
  } else if (strcmp(value, "evhttp") == 0) {
    out->use_evhttp = 1;
  } else {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "option 'http': expected bufferevent or evhttp, got '%s'", value);
  }
  return RB_OK;
}

int parse_rr_options(const rb_option* options, uint32_t option_count, struct rr_options* out,
                     char* err, size_t err_len) {
  out->use_evhttp = 0;
  if (option_count > 0 && options == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "%u options announced but none given", option_count);
  }
  /* The loop's keys go on to parse_loop_options, which knows their values. */
  rb_option* loop_keys = calloc(option_count > 0 ? option_count : 1, sizeof *loop_keys);
  if (loop_keys == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  uint32_t loop_key_count = 0;
  int rc = RB_OK;
  for (uint32_t i = 0; rc == RB_OK && i < option_count; ++i) {
    const char* key = options[i].key;
    const char* value = options[i].value;
    if (key == NULL || value == NULL) {
      rc = report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "option %u has no key or no value",
                        i);
    } else if (strcmp(key, "http") == 0) {
      rc = parse_http(value, out, err, err_len);
    } else if (strcmp(key, "backend") == 0 || strcmp(key, "changelist") == 0) {
      loop_keys[loop_key_count++] = options[i];
    } else {
      rc = report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "unknown option '%s' for the rr workload (known: backend, changelist, "
                        "http)",
                        key);
    }
  }
  if (rc == RB_OK) rc = parse_loop_options(loop_keys, loop_key_count, &out->loop, err, err_len);
  free(loop_keys);
  return rc;
}
