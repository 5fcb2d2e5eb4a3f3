#ifndef RB_PLUGIN_COMMON_PINGPONG_CLIENT_SESSION_H
#define RB_PLUGIN_COMMON_PINGPONG_CLIENT_SESSION_H

/* The pingpong client as every C plugin runs it, whatever loop drives it: prepare checks the
 * parameters, parses the server's address, fills the first block and makes the loops; run
 * makes the sessions, deals them round-robin over the loops, runs each loop on its thread and
 * says why a run ended early; counters sums the loops; release frees. Also what a session
 * does with bytes it read, when it shuts down its write side and how its end counts. A plugin
 * keeps only how its library connects, reads, writes and waits, as a pingpong_client_backend
 * whose functions run per prepare, run or release, never per read; the per-read pieces are
 * static inline: the measured loop calls no more functions than before. */

#include <netinet/in.h>
#include <stddef.h>
#include <stdint.h>

#include "abi_tables.h"
#include "option_table.h"
#include "pingpong_client_counts.h"
#include "reactorbench/pingpong_pattern.h"
#include "reactorbench/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

enum pingpong_session_state {
  kConnecting,
  kEchoing,
  kShutting, /* past the deadline: shuts down its write side once its output is out */
  kShut,     /* write side shut down; reads until the server closes */
  kClosed,   /* ended (for a plugin whose close completes later) */
};

struct pingpong_client_backend;

/* What the client keeps for all its loops; a plugin's state is a struct that begins with it. */
struct pingpong_client_base {
  rb_pingpong_client_params params; /* host is NULL: only the parsed address is kept */
  struct sockaddr_in server;
  unsigned char* block; /* the pattern's first block, which every session sends on connect */
  uint32_t loop_count;  /* params.threads */
  const struct pingpong_client_backend* backend;
  void* loops;             /* loop_count loops of backend->loop_size bytes */
  uint32_t loops_made;     /* loops init_loop was called for */
  void* sessions;          /* params.sessions sessions of backend->session_size bytes */
  uint32_t sessions_begun; /* sessions connect was called for */
};

/* What one loop counts and knows; only its thread touches it while it runs. A plugin's loop is
 * a struct that begins with it. */
struct pingpong_client_loop_state {
  const struct pingpong_client_base* client;
  uint32_t index; /* its sessions are index, index + loop_count, ... */
  struct pingpong_client_counts counts;
  struct pingpong_mismatch first_mismatch;
  uint32_t open; /* its sessions not yet ended */
  int past_deadline;
  int stopped; /* the host's stop_fd became readable */
  int failed;  /* the loop itself failed (pingpong_client_loop_failed) */
  char failure[160];
};

/* What every session knows of itself; a plugin's session is a struct that begins with it. */
struct pingpong_session_head {
  uint32_t index;
  enum pingpong_session_state state;
  uint64_t offset; /* stream bytes received so far */
};

/* How a library drives the client: every function runs once per prepare, run or release (or
 * once per loop or session there), never per read or write. The harness allocates the state,
 * the loops and (in run, so they count as per-connection memory) the sessions, zeroed, and
 * fills in the loop states' client and index and the session heads. */
struct pingpong_client_backend {
  size_t client_size, loop_size, session_size;
  struct option_table options; /* the plugin's declared options (its descriptor's) */
  /* Keeps what the options say in the plugin's state (values[i] belongs to options[i], parsed
   * for "pingpong_client"), before any loop is made. */
  int (*setup)(struct pingpong_client_base* client, const rb_option_value* values, char* err,
               size_t err_len);
  /* Builds a loop; free_loop runs for it even when this fails. */
  int (*init_loop)(void* loop, char* err, size_t err_len);
  /* Arms every loop's deadline (params.duration_ms from now) and stop watch; runs in run,
   * just before the connects. */
  int (*start)(struct pingpong_client_base* client, char* err, size_t err_len);
  /* Starts a session's connect (state kConnecting) on its loop, counting it in the loop's
   * open sessions or its connect failures. Runs before any loop thread starts. */
  void (*connect)(void* loop, void* session);
  /* A loop's thread (run_loop_threads); abandon (may be NULL) makes a loop that runs give up
   * when another could not start. */
  void* (*loop_main)(void* loop);
  void (*abandon)(void* loop);
  int block_sigpipe; /* the loop threads run with SIGPIPE blocked (sigpipe_guard) */
  /* Release: closes a begun session whatever its state, then frees a made loop. */
  void (*close_session)(void* session);
  void (*free_loop)(void* loop);
  /* The plugin's own counters after the common ones; may be NULL. */
  void (*put_counters)(const struct pingpong_client_base* client, const rb_counter_sink* sink);
};

/* rb_pingpong_client_ops' prepare for a backend (a plugin's prepare passes its own), and its
 * run, counters and release. run fails with "loop N: ..." when a loop failed, and with
 * RB_ERR_INTERNAL "stopped by the host with N sessions still open" when a loop was stopped. */
int pingpong_client_prepare(const struct pingpong_client_backend* backend, const rb_host* host,
                            const rb_pingpong_client_params* params, const rb_option* options,
                            uint32_t option_count, void** state, char* err, size_t err_len);
int pingpong_client_run(void* state, char* err, size_t err_len);
int pingpong_client_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len);
void pingpong_client_release(void* state);

/* Defines the plugin's rb_pingpong_client_ops `ops_name`: its backend (from the plugin's state,
 * loop and session types, its declared options (an array of known size) and the backend's
 * functions in their order; abandon and put_counters
 * may be NULL); prepare, run, counters and release are the harness's. */
#define PINGPONG_CLIENT_OPS(ops_name, client_type, loop_type, session_type, declared_options,    \
                            setup, init_loop, start, connect, loop_main, abandon, block_sigpipe, \
                            close_session, free_loop, put_counters)                              \
  static const struct pingpong_client_backend ops_name##_backend = {                             \
      sizeof(client_type),                                                                       \
      sizeof(loop_type),                                                                         \
      sizeof(session_type),                                                                      \
      OPTION_TABLE(declared_options),                                                            \
      (setup),                                                                                   \
      (init_loop),                                                                               \
      (start),                                                                                   \
      (connect),                                                                                 \
      (loop_main),                                                                               \
      (abandon),                                                                                 \
      (block_sigpipe),                                                                           \
      (close_session),                                                                           \
      (free_loop),                                                                               \
      (put_counters)};                                                                           \
  RB_HARNESS_PREPARE(ops_name##_prepare, rb_pingpong_client_params, pingpong_client_prepare,     \
                     ops_name##_backend)                                                         \
  const rb_pingpong_client_ops ops_name = {sizeof(rb_pingpong_client_ops), ops_name##_prepare,   \
                                           pingpong_client_run, pingpong_client_counters,        \
                                           pingpong_client_release}

/* Loop i and session i of the client. */
static inline void* pingpong_client_loop(const struct pingpong_client_base* client, uint32_t i) {
  return (char*)client->loops + client->backend->loop_size * i;
}
static inline void* pingpong_client_session(const struct pingpong_client_base* client, uint32_t i) {
  return (char*)client->sessions + client->backend->session_size * i;
}

/* Notes why a loop stopped early (the first reason wins); run reports it. */
void pingpong_client_loop_failed(struct pingpong_client_loop_state* loop, int rc,
                                 const char* format, ...) __attribute__((format(printf, 3, 4)));

/* A non-blocking socket whose connect to the server has started; -1 if either failed. */
int pingpong_client_start_connect(const struct pingpong_client_base* base);

/* A connect completed on fd: 0 when it succeeded (then TCP_NODELAY is set), -1 when not. */
int pingpong_client_connected(int fd);

/* n bytes read by a session: counted, checked against the pattern on the sessions
 * verify_stride chooses, and its offset advanced. */
static inline void pingpong_client_took(struct pingpong_client_loop_state* loop,
                                        struct pingpong_session_head* session, const void* data,
                                        size_t n) {
  const rb_pingpong_client_params* params = &loop->client->params;
  loop->counts.bytes_read += n;
  loop->counts.messages_read += 1;
  if (rb_pingpong_verifies(session->index, params->verify_stride)) {
    pingpong_client_verify(&loop->counts, &loop->first_mismatch, session->index,
                           (const unsigned char*)data, n, session->offset, params->block_size);
  }
  session->offset += n;
}

/* Echoing stops at the deadline; the write side is to close once nothing is left to write.
 * Returns whether it is time to shut it down now. */
static inline int pingpong_session_shut_due(enum pingpong_session_state* state, int past_deadline,
                                            int output_pending) {
  if (past_deadline && *state == kEchoing) {
    *state = kShutting;
  }
  return *state == kShutting && !output_pending;
}

/* Where a session's end counts: the server's end of stream after the client shut down is a
 * completed session, anything else a reset. */
static inline uint64_t* pingpong_session_outcome(struct pingpong_client_loop_state* loop,
                                                 enum pingpong_session_state state, int eof) {
  return eof && state == kShut ? &loop->counts.completed : &loop->counts.resets;
}

#ifdef __cplusplus
}
#endif

#endif
