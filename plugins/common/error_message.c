#include "error_message.h"

#include <stdarg.h>
#include <stdio.h>

int report_error(int code, char* err, size_t err_len, const char* format, ...) {
  if (err != NULL && err_len > 0) {
    va_list args;
    va_start(args, format);
    vsnprintf(err, err_len, format, args);
    va_end(args);
  }
  return code;
}
