#include "option_table.h"

#include <reactorbench/option_int.h>
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

/* The INT's declared "MIN..MAX", if any (reactorbench/option_int.h, as the host reads it). */
static int declared_range(const rb_option_decl* decl, long long* low, long long* high) {
  return decl->allowed != NULL &&
         rb_option_int_range(decl->allowed, strlen(decl->allowed), low, high);
}

static int parse_int_value(const rb_option_decl* decl, const char* text, long long* out, char* err,
                           size_t err_len) {
  long long low = 0;
  long long high = 0;
  const int ranged = declared_range(decl, &low, &high);
  const int parsed = rb_option_int_parse(text, strlen(text), out);
  if (ranged && (!parsed || *out < low || *out > high)) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "option '%s': expected an integer from %lld to %lld, got '%s'", decl->name,
                        low, high, text);
  }
  if (!parsed) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "option '%s': expected an integer, got '%s'", decl->name, text);
  }
  return RB_OK;
}

/* "a|b|c" as "a, b, c", for a message. */
static void list_choices(const char* allowed, char* out, size_t out_len) {
  size_t used = 0;
  out[0] = '\0';
  for (const char* p = allowed != NULL ? allowed : "none"; *p != '\0' && used + 3 < out_len; ++p) {
    if (*p == '|') {
      out[used++] = ',';
      out[used++] = ' ';
    } else {
      out[used++] = *p;
    }
  }
  out[used] = '\0';
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
      return parse_int_value(decl, text, &out->number, err, err_len);
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
        char choices[256];
        list_choices(decl->allowed, choices, sizeof choices);
        return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                            "option '%s': unknown %s '%s' (known: %s)", decl->name, decl->name,
                            text, choices);
      }
      out->number = index;
      return RB_OK;
    }
    default:
      return RB_OK;
  }
}

/* "a, b, c": the names declared for workload, for an unknown-option message. */
static void known_names(const rb_option_decl* decls, uint32_t decl_count, const char* workload,
                        char* out, size_t out_len) {
  size_t used = 0;
  out[0] = '\0';
  for (uint32_t i = 0; i < decl_count && used < out_len; ++i) {
    if (!applies_to(decls[i].workloads, workload)) {
      continue;
    }
    const int n =
        snprintf(out + used, out_len - used, "%s%s", used == 0 ? "" : ", ", decls[i].name);
    if (n < 0) {
      break;
    }
    used += (size_t)n;
  }
  if (used == 0) {
    snprintf(out, out_len, "none");
  }
}

/* Whether the table tells workloads apart, so a message should say which one it meant. */
static int scoped_by_workload(const rb_option_decl* decls, uint32_t decl_count) {
  for (uint32_t i = 0; i < decl_count; ++i) {
    if (decls[i].workloads != NULL) {
      return 1;
    }
  }
  return 0;
}

/* "unknown option 'k' [for the W workload] (known: ...)"; a name declared for other workloads
 * only is unknown here too, and the message says where it belongs. */
static int refuse_unknown(const rb_option_decl* decls, uint32_t decl_count, const char* workload,
                          const char* key, const rb_option_decl* elsewhere, char* err,
                          size_t err_len) {
  char known[512];
  known_names(decls, decl_count, workload, known, sizeof known);
  char scope[96] = "";
  if (workload != NULL && scoped_by_workload(decls, decl_count)) {
    snprintf(scope, sizeof scope, " for the %s workload", workload);
  }
  if (elsewhere != NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "unknown option '%s'%s (known: %s; '%s' applies to %s)", key, scope, known,
                        key, elsewhere->workloads);
  }
  return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "unknown option '%s'%s (known: %s)",
                      key, scope, known);
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
      return refuse_unknown(decls, decl_count, workload, key, NULL, err, err_len);
    }
    if (!applies_to(decls[d].workloads, workload)) {
      return refuse_unknown(decls, decl_count, workload, key, &decls[d], err, err_len);
    }
    if (values[d].given) {
      return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "option '%s' given twice", key);
    }
    const int rc = parse_value(&decls[d], value, &values[d], err, err_len);
    if (rc != RB_OK) {
      return rc;
    }
    values[d].given = 1;
  }
  return RB_OK;
}

int option_table_parse_new(const struct option_table* table, const char* workload,
                           const rb_option* options, uint32_t option_count,
                           rb_option_value** values, char* err, size_t err_len) {
  *values = calloc(table->count > 0 ? table->count : 1, sizeof **values);
  if (*values == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u option values",
                        table->count);
  }
  const int rc = option_table_parse(table->decls, table->count, workload, options, option_count,
                                    *values, err, err_len);
  if (rc != RB_OK) {
    free(*values);
    *values = NULL;
  }
  return rc;
}
