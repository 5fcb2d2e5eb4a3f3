#ifndef RB_PLUGIN_COMMON_ABI_TABLES_H
#define RB_PLUGIN_COMMON_ABI_TABLES_H

/* The C plugins' ABI tables, each from its entry points in the ABI's order, and their entry
 * point: one line each in the plugin instead of the same designated initialisers in every
 * file. (The C++ plugins build theirs from a maker: cxx/abi_tables.h.) */

#include "reactorbench/plugin.h"

#define RB_FLOWER_OPS(prepare, arm, dispatch, counters, release) \
  { sizeof(rb_flower_ops), (prepare), (arm), (dispatch), (counters), (release) }

#define RB_NOTIFY_OPS(start, post, finish, counters, release) \
  { sizeof(rb_notify_ops), (start), (post), (finish), (counters), (release) }

#define RB_PINGPONG_SERVER_OPS(prepare, serve, counters, release) \
  { sizeof(rb_pingpong_server_ops), (prepare), (serve), (counters), (release) }

#define RB_PINGPONG_CLIENT_OPS(prepare, run, counters, release) \
  { sizeof(rb_pingpong_client_ops), (prepare), (run), (counters), (release) }

#define RB_RR_SERVER_OPS(prepare, serve, counters, release) \
  { sizeof(rb_rr_server_ops), (prepare), (serve), (counters), (release) }

/* A table's first entry point (prepare, notify's start) for a plugin that runs the workload
 * through a plugins/common harness: hands the host's arguments to `harness_prepare` along
 * with the plugin's backend. */
#define RB_HARNESS_PREPARE(fn_name, params_type, harness_prepare, backend)                        \
  static int fn_name(const rb_host* host, const params_type* params, const rb_option* options,    \
                     uint32_t option_count, void** state, char* err, size_t err_len) {            \
    return harness_prepare(&(backend), host, params, options, option_count, state, err, err_len); \
  }

/* The descriptor of a C plugin of this ABI version that offers every workload, as
 * <prefix>_flower_ops, <prefix>_notify_ops, <prefix>_pingpong_server_ops,
 * <prefix>_pingpong_client_ops and <prefix>_rr_server_ops, and declares the options of the
 * array `option_decls` (whose size is known where it is declared). */
#define RB_C_PLUGIN_DESCRIPTOR(prefix, plugin_name, plugin_version, library_name, version_fn, \
                               text, option_decls)                                            \
  {                                                                                           \
    .struct_size = sizeof(rb_plugin), .abi_version = RB_ABI_VERSION, .name = (plugin_name),   \
    .version = (plugin_version), .library = (library_name), .library_version = (version_fn),  \
    .description = (text), .flower = &prefix##_flower_ops, .notify = &prefix##_notify_ops,    \
    .pingpong_server = &prefix##_pingpong_server_ops,                                         \
    .pingpong_client = &prefix##_pingpong_client_ops, .rr_server = &prefix##_rr_server_ops,   \
    .options = (option_decls),                                                                \
    .option_count = (uint32_t)(sizeof(option_decls) / sizeof((option_decls)[0]))              \
  }

/* The entry point: `descriptor` for a host of the same ABI major version, NULL for another. */
#define RB_C_PLUGIN_ENTRY(descriptor)                                                 \
  RB_PLUGIN_ENTRY(host_abi_version) {                                                 \
    return RB_VERSION_MAJOR(host_abi_version) == RB_ABI_MAJOR ? &(descriptor) : NULL; \
  }

/* A C plugin whose entry needs nothing but its descriptor: the entry point and the descriptor
 * it returns (the arguments of RB_C_PLUGIN_DESCRIPTOR). */
#define RB_C_PLUGIN(prefix, plugin_name, plugin_version, library_name, version_fn, text, \
                    option_decls)                                                        \
  static const rb_plugin prefix##_descriptor;                                            \
  RB_C_PLUGIN_ENTRY(prefix##_descriptor)                                                 \
  static const rb_plugin prefix##_descriptor = RB_C_PLUGIN_DESCRIPTOR(                   \
      prefix, plugin_name, plugin_version, library_name, version_fn, text, option_decls)

#endif
