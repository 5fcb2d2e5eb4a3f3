#ifndef RB_PLUGIN_COMMON_OPTION_TABLE_H
#define RB_PLUGIN_COMMON_OPTION_TABLE_H

/* A plugin declares its options once, as an rb_option_decl table (name, type, allowed values,
 * default, help, workloads). The same table goes into the descriptor (ABI 1.3: the host checks
 * configs against it and lists it) and parses what prepare receives here, so the two can never
 * disagree. */

#include <reactorbench/plugin.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One declaration of a table, as the C++ companion's declareOption makes it: the type
 * (RB_OPTION_*), the name, the allowed values (ENUM "a|b|c", INT "MIN..MAX", or NULL), the
 * default as a config writes it (NULL: none), one line of help and the workloads that read it
 * (comma-separated; NULL: every workload the plugin offers). */
#define RB_OPTION_DECL(type_, name_, allowed_, default_, help_, workloads_)                        \
  {                                                                                                \
    .struct_size = sizeof(rb_option_decl), .type = (type_), .name = (name_),                       \
    .allowed = (allowed_), .default_value = (default_), .help = (help_), .workloads = (workloads_) \
  }

/* One declared option after parsing: the value given, or the declared default. */
typedef struct rb_option_value {
  const char* text; /* as given (or the default); NULL when neither */
  long long number; /* INT: the value; BOOL: 0 or 1; ENUM: index into `allowed`; else 0 */
  int given;        /* non-zero if the options named it */
} rb_option_value;

/* Parses options against decls for one workload ("flower", "notify", "pingpong_server",
 * "pingpong_client", "rr_server"; NULL skips the workload check). values must hold decl_count
 * entries; values[i] belongs to decls[i]. Refuses (RB_ERR_INVALID_ARGUMENT and a message in
 * err) an unknown name or one declared for other workloads only ("unknown option 'k' (known:
 * the names this workload takes)", naming the workload when the table scopes any option), a
 * name given twice, and a malformed or disallowed value ("option 'k': ..."). An INT is an
 * optional '-' and digits, nothing else. */
int option_table_parse(const rb_option_decl* decls, uint32_t decl_count, const char* workload,
                       const rb_option* options, uint32_t option_count, rb_option_value* values,
                       char* err, size_t err_len);

/* Defines a plugin's parse function for one kind of settings:
 *   int name(const rb_option* options, uint32_t option_count, const char* workload,
 *            out_type* out, char* err, size_t err_len)
 * parses against `decls` (an array of known size) as option_table_parse does and, on RB_OK,
 * fills out with `from(values, out)`. */
#define OPTION_TABLE_PARSER(name, decls, out_type, from)                                         \
  int name(const rb_option* options, uint32_t option_count, const char* workload, out_type* out, \
           char* err, size_t err_len) {                                                          \
    rb_option_value values[sizeof(decls) / sizeof((decls)[0])];                                  \
    const int rc = option_table_parse(decls, sizeof(decls) / sizeof((decls)[0]), workload,       \
                                      options, option_count, values, err, err_len);              \
    if (rc == RB_OK) {                                                                           \
      from(values, out);                                                                         \
    }                                                                                            \
    return rc;                                                                                   \
  }

/* A plugin's declared options as a harness in plugins/common keeps them, made from the array
 * (of known size) by OPTION_TABLE. */
struct option_table {
  const rb_option_decl* decls;
  uint32_t count;
};
#define OPTION_TABLE(decls) \
  { (decls), (uint32_t)(sizeof(decls) / sizeof((decls)[0])) }

/* option_table_parse into a new array of table->count values, for a harness that parses for
 * its plugin: RB_OK with *values to free, or the error with *values NULL. */
int option_table_parse_new(const struct option_table* table, const char* workload,
                           const rb_option* options, uint32_t option_count,
                           rb_option_value** values, char* err, size_t err_len);

/* The index of `value` in an ENUM's "a|b|c", or -1. */
int option_table_enum_index(const char* allowed, const char* value);

#ifdef __cplusplus
}
#endif

#endif
