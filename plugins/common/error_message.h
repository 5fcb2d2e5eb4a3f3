#ifndef RB_PLUGIN_COMMON_ERROR_MESSAGE_H
#define RB_PLUGIN_COMMON_ERROR_MESSAGE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Formats a message into the host's error buffer (which may be NULL or empty) and returns
 * code, so a failing ABI function can end with `return report_error(...)`. */
int report_error(int code, char* err, size_t err_len, const char* format, ...)
    __attribute__((format(printf, 4, 5)));

#ifdef __cplusplus
}
#endif

#endif
