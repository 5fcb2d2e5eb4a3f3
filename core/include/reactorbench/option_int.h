/* reactorbench INT option values: the one grammar of an RB_OPTION_INT value and of its
 * declared "MIN..MAX" range, for the host (which checks a config against a plugin's declared
 * options when it loads the config) and for the plugin (which parses the options prepare
 * receives). Header-only C (every function static inline) so both read a value with the very
 * same code: a value the plugin would refuse is refused when the config loads, at its line and
 * column, never as "prepare failed" in every cell.
 *
 * Grammar: an optional '-' then one or more ASCII digits '0'..'9', nothing else (no '+', no
 * whitespace before or after, no "0x", no separators, no empty text), its value within a
 * signed 64-bit integer. A range is two such values joined by "..", MIN <= MAX.
 */
#ifndef REACTORBENCH_OPTION_INT_H
#define REACTORBENCH_OPTION_INT_H

#include <limits.h>
#include <stddef.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* text[0..length) as an INT value: 1 and *out on success, 0 (out untouched) otherwise. */
static inline int rb_option_int_parse(const char* text, size_t length, long long* out) {
  if (text == NULL || length == 0) {
    return 0;
  }
  const int negative = text[0] == '-';
  size_t i = negative ? 1 : 0;
  if (i == length) {
    return 0;
  }
  /* Accumulated negative: LLONG_MIN has no positive counterpart. */
  long long value = 0;
  for (; i < length; ++i) {
    if (text[i] < '0' || text[i] > '9') {
      return 0;
    }
    const int digit = text[i] - '0';
    if (value < (LLONG_MIN + digit) / 10) {
      return 0;
    }
    value = value * 10 - digit;
  }
  if (!negative) {
    if (value == LLONG_MIN) {
      return 0;
    }
    value = -value;
  }
  *out = value;
  return 1;
}

/* allowed[0..length) as an INT's range "MIN..MAX": 1 and *low, *high on success. */
static inline int rb_option_int_range(const char* allowed, size_t length, long long* low,
                                      long long* high) {
  if (allowed == NULL) {
    return 0;
  }
  for (size_t dots = 0; dots + 1 < length; ++dots) {
    if (allowed[dots] == '.' && allowed[dots + 1] == '.') {
      long long first = 0;
      long long last = 0;
      if (!rb_option_int_parse(allowed, dots, &first) ||
          !rb_option_int_parse(allowed + dots + 2, length - dots - 2, &last) || first > last) {
        return 0;
      }
      *low = first;
      *high = last;
      return 1;
    }
  }
  return 0;
}

#ifdef __cplusplus
}
#endif

#endif /* REACTORBENCH_OPTION_INT_H */
