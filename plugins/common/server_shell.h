#ifndef RB_PLUGIN_COMMON_SERVER_SHELL_H
#define RB_PLUGIN_COMMON_SERVER_SHELL_H

#include <stddef.h>
#include <stdint.h>

#include "abi_tables.h"
#include "option_table.h"
#include "reactorbench/http_request.h"
#include "reactorbench/plugin.h"
#include "server_acceptor.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The C servers as the ABI sees them. Every pingpong and rr server of the C plugins has the
 * same four entry points: prepare checks the params and builds the server, serve runs it until
 * stop_fd is readable, counters reports what it counted, release frees it. They live here once;
 * a plugin describes each of its servers by a `server_kind` (how its library builds, runs,
 * counts and frees it) and makes the ABI table with RB_SERVER_SHELL. Nothing here is on a hot path:
 * each entry point runs once per cell. */

/* The host's params, the same for both workloads, and for rr the responses. */
struct server_setup {
  int listen_fd;
  int stop_fd;
  uint32_t threads;   /* at least 1 */
  uint32_t body_size; /* rr: of every 200 response; 0 for pingpong */
  /* rr: the canned responses for body_size, built once by the shell and living as long as the
   * server, so a library may send them by reference; NULL for pingpong. */
  const rb_http_responses* responses;
};

/* What one serving loop counts; only its thread writes it, and it is read once the loop has
 * stopped. A pingpong server counts bytes, an rr server requests (and bytes written, when its
 * library lets it). */
struct server_counts {
  uint64_t bytes_read;
  uint64_t bytes_written;
  uint64_t requests;     /* rr: answered 200 */
  uint64_t bad_requests; /* rr: answered 400 */
};

static inline void server_counts_add(struct server_counts* sum, const struct server_counts* more) {
  sum->bytes_read += more->bytes_read;
  sum->bytes_written += more->bytes_written;
  sum->requests += more->requests;
  sum->bad_requests += more->bad_requests;
}

/* What a stopped server counted, over all its loops. */
struct server_totals {
  uint64_t connections; /* accepted */
  uint64_t accept_refused;
  struct server_counts counts;
};

/* Adds a server's accepted and refused connections and the counts of its `loops` loops, each
 * `stride` bytes after the one before (the counts live in each loop's struct). */
void server_totals_add(struct server_totals* totals, uint64_t connections, uint64_t refused,
                       const struct server_counts* first, size_t stride, uint32_t loops);

/* What a server core counts, the first member of its state, so that one function
 * (server_tally_count) counts every core: its acceptor (the connections refused), the
 * connections it accepted, and its `loops` loops' counts, each `stride` bytes after the one
 * before (the counts live in each loop's struct; the core points loop_counts at the first). */
struct server_tally {
  struct server_acceptor acceptor;
  uint64_t connections;
  const struct server_counts* loop_counts;
  size_t stride;
  uint32_t loops;
};

/* A server_kind's count for a state that begins with a struct server_tally. */
void server_tally_count(const void* server, struct server_totals* totals);

struct server_kind {
  size_t size;          /* of the server's state: the shell allocates it zeroed and frees it */
  const void* protocol; /* what the plugin's server core serves (echo, HTTP), given to open */
  /* The plugin's declared options (OPTION_TABLE): the shell parses what prepare receives
   * against them, for the workload ("pingpong_server", "rr_server"), before open; an unknown
   * or malformed one is refused by name and open is not called. */
  struct option_table options;
  /* Builds the server in `server` with the parsed options (values[i] for the table's decls[i]):
   * RB_OK, or an RB_ERR_* code with the reason in err and nothing left to close. */
  int (*open)(void* server, const void* protocol, const struct server_setup* setup,
              const rb_option_value* values, char* err, size_t err_len);
  /* Accepts and serves until stop_fd is readable; every connection is closed when it returns. */
  int (*serve)(void* server, char* err, size_t err_len);
  /* Adds what the server counted to *totals. */
  void (*count)(const void* server, struct server_totals* totals);
  /* Counters of this server's own beyond the workload's (NULL: none). */
  void (*put_more)(const void* server, const struct server_totals* totals,
                   const rb_counter_sink* sink);
  /* Frees what open made. */
  void (*close)(void* server);
};

/* A plugin's server core (its loops, accepting, connections; one per plugin, serving both
 * workloads) is a state `struct <core>`, beginning with a struct server_tally, and these three
 * functions, the kind's; a protocol
 * (echo, HTTP) of the core is what `protocol` points to. */
#define SERVER_CORE_DECLARE(core)                                                       \
  int core##_open(void* server, const void* protocol, const struct server_setup* setup, \
                  const rb_option_value* values, char* err, size_t err_len);            \
  int core##_serve(void* server, char* err, size_t err_len);                            \
  void core##_close(void* server)

#define SERVER_CORE_KIND(core, protocol, put_more, option_decls)                             \
  {                                                                                          \
    sizeof(struct core), &(protocol), OPTION_TABLE(option_decls), core##_open, core##_serve, \
        server_tally_count, (put_more), core##_close                                         \
  }

/* A kind of the plugin's own, serving no core's protocol: `state` is its state's type, and
 * prefix##_open, prefix##_serve, prefix##_count and prefix##_close its functions. */
#define SERVER_OWN_KIND(state, prefix, option_decls)                                \
  {                                                                                 \
    sizeof(state), NULL, OPTION_TABLE(option_decls), prefix##_open, prefix##_serve, \
        prefix##_count, NULL, prefix##_close                                        \
  }

/* A put_more for an rr server that counts the bytes it wrote too. */
void server_put_bytes_written(const void* server, const struct server_totals* totals,
                              const rb_counter_sink* sink);

/* The entry points. prepare refuses (RB_ERR_INVALID_ARGUMENT, "<workload> server params
 * missing, too small or with 0 threads") a NULL state or params, params older than the members
 * read, or 0 threads; *state is NULL unless it returns RB_OK. */
int pingpong_server_prepare(const struct server_kind* kind, const rb_pingpong_server_params* params,
                            const rb_option* options, uint32_t option_count, void** state,
                            char* err, size_t err_len);
int rr_server_prepare(const struct server_kind* kind, const rb_rr_server_params* params,
                      const rb_option* options, uint32_t option_count, void** state, char* err,
                      size_t err_len);
int server_shell_serve(void* state, char* err, size_t err_len);
/* pingpong: connections, bytes_read, bytes_written, accept_refused; rr: connections, requests,
 * bad_requests, accept_refused; then the kind's own. */
int pingpong_server_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len);
int rr_server_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len);
void server_shell_release(void* state);

/* `const rb_<workload>_server_ops ops_name` serving `kind`; workload: pingpong or rr. */
#define RB_SERVER_SHELL(workload, ops_name, kind)                                                  \
  static int ops_name##_prepare(const rb_host* host, const rb_##workload##_server_params* params,  \
                                const rb_option* options, uint32_t option_count, void** state,     \
                                char* err, size_t err_len) {                                       \
    (void)host;                                                                                    \
    return workload##_server_prepare(&(kind), params, options, option_count, state, err, err_len); \
  }                                                                                                \
  const rb_##workload##_server_ops ops_name = {sizeof(rb_##workload##_server_ops),                 \
                                               ops_name##_prepare, server_shell_serve,             \
                                               workload##_server_counters, server_shell_release}

#ifdef __cplusplus
}
#endif

#endif
