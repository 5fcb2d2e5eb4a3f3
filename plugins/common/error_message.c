#include "error_message.h"

#include <stdarg.h>
#include <stdio.h>

#include "reactorbench/plugin.h"

int report_error(int code, char* err, size_t err_len, const char* format, ...) {
  if (err != NULL && err_len > 0) {
    va_list args;
    va_start(args, format);
    vsnprintf(err, err_len, format, args);
    va_end(args);
  }
  return code;
}

int counters_check(const void* state, const struct rb_counter_sink* sink, char* err,
                   size_t err_len) {
  if (state == NULL || sink == NULL || sink->put == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "counters: state or sink is NULL");
  }
  return RB_OK;
}
