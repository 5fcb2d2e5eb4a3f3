#include "option_table.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error_message.h"

int option_table_enum_index(const char* allowed, const char* value) {
  if (allowed == NULL || value == NULL) {
    return -1;
  }
  const size_t length = strlen(value);
  int index = 0;
  for (const char* p = allowed;; ++index) {
    const char* bar = strchr(p, '|');
    const size_t part = bar != NULL ? (size_t)(bar - p) : strlen(p);
    if (part == length && strncmp(p, value, length) == 0) {
      return index;
    }
    if (bar == NULL) {
      return -1;
    }
    p = bar + 1;
  }
}

/* Whether the comma-separated list names workload (NULL list: every workload). */
static int applies_to(const char* workloads, const char* workload) {
  if (workloads == NULL || workload == NULL) {
    return 1;
  }
  const size_t length = strlen(workload);
  for (const char* p = workloads;;) {
    const char* comma = strchr(p, ',');
    const size_t part = comma != NULL ? (size_t)(comma - p) : strlen(p);
    if (part == length && strncmp(p, workload, length) == 0) {
      return 1;
    }
    if (comma == NULL) {
      return 0;
    }
    p = comma + 1;
  }
}

static int parse_integer(const char* text, long long* out) {
  if (text == NULL || *text == '\0') {
    return 0;
  }
  char* end = NULL;
  errno = 0;
  const long long value = strtoll(text, &end, 10);
  if (errno != 0 || *end != '\0') {
    return 0;
  }
  *out = value;
  return 1;
}

static int check_range(const rb_option_decl* decl, long long value, char* err, size_t err_len) {
  long long low = 0;
  long long high = 0;
  if (decl->allowed == NULL || sscanf(decl->allowed, "%lld..%lld", &low, &high) != 2) {
    return RB_OK;
  }
  if (value < low || value > high) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "option '%s': %lld is outside %s",
                        decl->name, value, decl->allowed);
  }
  return RB_OK;
}

static int parse_value(const rb_option_decl* decl, const char* text, rb_option_value* out,
                       char* err, size_t err_len) {
  out->text = text;
  out->number = 0;
  if (text == NULL) {
    return RB_OK;
  }
  switch (decl->type) {
    case RB_OPTION_INT:
      if (!parse_integer(text, &out->number)) {
        return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                            "option '%s': expected an integer, got '%s'", decl->name, text);
      }
      return check_range(decl, out->number, err, err_len);
    case RB_OPTION_BOOL:
      if (strcmp(text, "on") == 0 || strcmp(text, "true") == 0) {
        out->number = 1;
      } else if (strcmp(text, "off") != 0 && strcmp(text, "false") != 0) {
        return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                            "option '%s': expected on or off, got '%s'", decl->name, text);
      }
      return RB_OK;
    case RB_OPTION_ENUM: {
      const int index = option_table_enum_index(decl->allowed, text);
      if (index < 0) {
        return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                            "option '%s': unknown value '%s' (known: %s)", decl->name, text,
                            decl->allowed != NULL ? decl->allowed : "none");
      }
      out->number = index;
      return RB_OK;
    }
    default:
      return RB_OK;
  }
}

/* "a, b, c": the declared names, for an unknown-option message. */
static void known_names(const rb_option_decl* decls, uint32_t decl_count, char* out,
                        size_t out_len) {
  size_t used = 0;
  out[0] = '\0';
  for (uint32_t i = 0; i < decl_count && used < out_len; ++i) {
    const int n = snprintf(out + used, out_len - used, "%s%s", i == 0 ? "" : ", ", decls[i].name);
    if (n < 0) {
      break;
    }
    used += (size_t)n;
  }
  if (decl_count == 0) {
    snprintf(out, out_len, "none");
  }
}

int option_table_parse(const rb_option_decl* decls, uint32_t decl_count, const char* workload,
                       const rb_option* options, uint32_t option_count, rb_option_value* values,
                       char* err, size_t err_len) {
  if (option_count > 0 && options == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "%u options announced but none given", option_count);
  }
  for (uint32_t d = 0; d < decl_count; ++d) {
    values[d].given = 0;
    const int rc = parse_value(&decls[d], decls[d].default_value, &values[d], err, err_len);
    if (rc != RB_OK) {
      return rc;
    }
  }
  for (uint32_t i = 0; i < option_count; ++i) {
    const char* key = options[i].key;
    const char* value = options[i].value;
    if (key == NULL || value == NULL) {
      return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "option %u has no key or no value",
                          i);
    }
    uint32_t d = 0;
    while (d < decl_count && strcmp(decls[d].name, key) != 0) {
      ++d;
    }
    if (d == decl_count) {
      char known[512];
      known_names(decls, decl_count, known, sizeof known);
      return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "unknown option '%s' (known: %s)",
                          key, known);
    }
    if (values[d].given) {
      return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "option '%s' given twice", key);
    }
    if (!applies_to(decls[d].workloads, workload)) {
      return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                          "option '%s' applies to %s, not to %s", key, decls[d].workloads,
                          workload);
    }
    const int rc = parse_value(&decls[d], value, &values[d], err, err_len);
    if (rc != RB_OK) {
      return rc;
    }
    values[d].given = 1;
  }
  return RB_OK;
}
