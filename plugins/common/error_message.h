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

/* A counters() call's argument check: RB_OK, or RB_ERR_INVALID_ARGUMENT "counters: state or
 * sink is NULL". */
struct rb_counter_sink;
int counters_check(const void* state, const struct rb_counter_sink* sink, char* err,
                   size_t err_len);

#ifdef __cplusplus
}
#endif

#endif
