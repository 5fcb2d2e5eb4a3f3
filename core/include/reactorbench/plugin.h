/* reactorbench plugin ABI.
 *
 * The whole contract between the runner (the host) and a reactor plugin. C only, so a
 * plugin may be written in C or in C++ built with any compiler; no STL type, exception or
 * RTTI crosses this boundary.
 *
 * Rules (docs/plugin-abi.md explains them):
 *  - A plugin exports exactly one symbol, RB_ENTRY_SYMBOL, of type rb_entry_fn.
 *  - Versions are (major << 16) | minor. The host refuses another major, and a minor newer
 *    than its own.
 *  - Every struct starts with uint32_t struct_size. Members are only ever appended; the
 *    host reads a member only if offsetof + sizeof <= struct_size and zero-fills the rest.
 *  - Every function returns RB_OK or an error code and fills the caller's error buffer;
 *    nothing throws across this boundary.
 *  - The host takes every timestamp. A plugin reports counters, never times.
 */
#ifndef REACTORBENCH_PLUGIN_H
#define REACTORBENCH_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RB_ABI_MAJOR 1
#define RB_ABI_MINOR 3
#define RB_MAKE_VERSION(major, minor) ((uint32_t)(((major) << 16) | (minor)))
#define RB_ABI_VERSION RB_MAKE_VERSION(RB_ABI_MAJOR, RB_ABI_MINOR)
#define RB_VERSION_MAJOR(v) ((uint32_t)(v) >> 16)
#define RB_VERSION_MINOR(v) ((uint32_t)(v)&0xffffu)

#define RB_ENTRY_SYMBOL "reactorbench_plugin_entry"

/* Return codes. */
enum {
  RB_OK = 0,
  RB_ERR_INVALID_ARGUMENT = 1, /* bad parameters or an unknown / malformed option */
  RB_ERR_UNSUPPORTED = 2,      /* valid request this plugin cannot serve (e.g. a backend) */
  RB_ERR_SYSTEM = 3,           /* a system call failed; the message says which */
  RB_ERR_INTERNAL = 4          /* anything else, including a caught C++ exception */
};

enum { RB_LOG_DEBUG = 0, RB_LOG_INFO = 1, RB_LOG_WARN = 2, RB_LOG_ERROR = 3 };

/* Services the host lends to the plugin. Valid from prepare until release returns. */
typedef struct rb_host {
  uint32_t struct_size;
  uint32_t abi_version; /* the host's RB_ABI_VERSION */
  void* ctx;            /* pass back to the functions below */
  void (*log)(void* ctx, int level, const char* message);
  uint64_t (*now_ns)(void* ctx);    /* CLOCK_MONOTONIC, nanoseconds */
  int (*stop_requested)(void* ctx); /* non-zero once the host wants the plugin to wind down */
} rb_host;

/* A plugin option from the config's [plugin_options.NAME] table, as strings. */
typedef struct rb_option {
  const char* key;
  const char* value;
} rb_option;

/* Since ABI 1.3: one option a plugin takes, declared in its descriptor so the host can check
 * a config's [plugin_options.NAME] when it loads the config (unknown name, malformed value:
 * file:line:col and a suggestion, before anything runs) and list it (runner plugins
 * --options NAME). A declared plugin still parses its options in prepare: the declaration is
 * what the host checks early, not a replacement for the plugin's own check. */
enum {
  RB_OPTION_STRING = 0, /* any text */
  RB_OPTION_INT = 1,    /* a decimal integer; `allowed` may give "MIN..MAX" */
  RB_OPTION_BOOL = 2,   /* on|off|true|false */
  RB_OPTION_ENUM = 3    /* one of `allowed`, "a|b|c" */
};

typedef struct rb_option_decl {
  uint32_t struct_size;
  int type;                  /* RB_OPTION_* */
  const char* name;          /* [a-z0-9_]+ */
  const char* allowed;       /* ENUM: "a|b|c"; INT: "MIN..MAX" or NULL; else NULL */
  const char* default_value; /* as a config would write it; NULL = no default */
  const char* help;          /* one line */
  /* The workloads that read it, comma-separated ("flower,notify"); NULL = every workload
   * the plugin offers. */
  const char* workloads;
} rb_option_decl;

/* Receives named counters; the plugin calls put once per counter it knows. */
typedef struct rb_counter_sink {
  void* ctx;
  void (*put)(void* ctx, const char* name, uint64_t value);
} rb_counter_sink;

/* ---- workload: flower (the hot potato, libevent test/bench.c) -------------------------
 *
 * Per process the host creates `pipes` fd pairs once and calls prepare. Then per iteration:
 *   arm       register a persistent read watcher on every read end   (timed: setup)
 *   (host)    writes one byte into write_fds[i * (pipes / active)] for i < active
 *   dispatch  run the loop until count == fired                      (timed: dispatch)
 *   counters  report the iteration's counters
 * The read callback reads one byte and counts it; while the iteration's write budget
 * (`writes`) lasts it writes one byte to pipe (idx + 1) % pipes. So an iteration does
 * exactly active + writes reads. State for one iteration (count, fired, budget) is reset
 * by arm. Required counters: "reads" and "writes" of the last iteration; "loop_iterations"
 * (poll calls in the last dispatch) is expected; others are free-form.
 */
typedef struct rb_flower_params {
  uint32_t struct_size;
  uint32_t pipes;
  uint32_t active;
  uint32_t writes;
  const int* read_fds;  /* pipes entries, non-blocking; owned by the host */
  const int* write_fds; /* pipes entries, non-blocking; owned by the host */
} rb_flower_params;

typedef struct rb_flower_ops {
  uint32_t struct_size;
  /* Create the loop and the watchers' memory. Not timed. */
  int (*prepare)(const rb_host* host, const rb_flower_params* params, const rb_option* options,
                 uint32_t option_count, void** state, char* err, size_t err_len);
  int (*arm)(void* state, char* err, size_t err_len);
  int (*dispatch)(void* state, char* err, size_t err_len);
  int (*counters)(void* state, const rb_counter_sink* sink, char* err, size_t err_len);
  /* Free everything prepare made; must not close the host's fds. */
  void (*release)(void* state);
} rb_flower_ops;

/* ---- workload: notify (cross-thread hand-off) -- since ABI 1.1 -----------------------
 *
 * The host owns the producer thread(s) so every plugin is driven identically:
 *   start     create the consumer (an event-loop thread, or a thread blocked on a queue) and
 *             return once it can receive                                        (not timed)
 *   post      called by a host producer thread once per item, values 1..items; must be
 *             thread-safe when producers > 1. The hot path: no error buffer.   (timed)
 *   finish    no more posts will come: wait until the consumer has consumed everything
 *             posted, stop it, report the count and the sum of what it consumed (timed)
 *   counters  "wakeups" (required: how many times the consumer woke up to find work),
 *             anything else (e.g. "batches", "max_batch")
 *   release   free everything; no thread of the plugin may outlive it
 * The host checks count == items and sum == items * (items + 1) / 2.
 */
typedef struct rb_notify_params {
  uint32_t struct_size;
  uint32_t producers;   /* host threads calling post concurrently (1 by default) */
  uint64_t items;       /* how many posts will come in total (a sizing hint) */
  int32_t consumer_cpu; /* pin the consumer thread here; -1: leave it unpinned */
} rb_notify_params;

typedef struct rb_notify_result {
  uint32_t struct_size;
  uint64_t count; /* items the consumer took */
  uint64_t sum;   /* sum of their values */
} rb_notify_result;

typedef struct rb_notify_ops {
  uint32_t struct_size;
  int (*start)(const rb_host* host, const rb_notify_params* params, const rb_option* options,
               uint32_t option_count, void** state, char* err, size_t err_len);
  int (*post)(void* state, uint64_t value);
  int (*finish)(void* state, rb_notify_result* result, char* err, size_t err_len);
  int (*counters)(void* state, const rb_counter_sink* sink, char* err, size_t err_len);
  void (*release)(void* state);
} rb_notify_ops;

/* ---- workload: pingpong (echo throughput) -- since ABI 1.1 ---------------------------
 *
 * Server and client run in separate processes (each pinned to its own CPUs); any client
 * plugin may drive any server plugin. The byte stream of every session is the pattern
 * byte[i] = i % 128, continuing across blocks: the client sends one block on connect, the
 * server echoes everything it reads, the client echoes back everything it reads.
 *
 * Server: prepare (given a listening socket the host bound on 127.0.0.1) -> serve (blocks
 * until stop_fd becomes readable, then closes its connections and returns) -> counters
 * ("connections", "bytes_read", "bytes_written") -> release.
 *
 * Client: prepare -> run (connect `sessions` sessions spread round-robin over `threads`
 * loops, TCP_NODELAY, ping-pong for duration_ms, then shut down the write side of every
 * session and return once all are closed; also return early, with an error, if stop_fd
 * becomes readable) -> counters -> release. Required client counters: "bytes_read",
 * "messages_read" (read calls that returned data), "sessions_completed", "connect_failures",
 * "resets" (sessions closed by the peer before the client shut down), "verify_mismatches"
 * and "verified_bytes" (bytes checked against the pattern on the sessions chosen by
 * verify_stride).
 */
typedef struct rb_pingpong_server_params {
  uint32_t struct_size;
  int listen_fd;       /* bound, listening, non-blocking; owned by the host */
  int stop_fd;         /* readable once the host wants the server to stop */
  uint32_t threads;    /* event-loop threads serving connections (>= 1) */
  uint32_t block_size; /* the clients' block size: a hint for buffers */
} rb_pingpong_server_params;

typedef struct rb_pingpong_server_ops {
  uint32_t struct_size;
  int (*prepare)(const rb_host* host, const rb_pingpong_server_params* params,
                 const rb_option* options, uint32_t option_count, void** state, char* err,
                 size_t err_len);
  int (*serve)(void* state, char* err, size_t err_len);
  int (*counters)(void* state, const rb_counter_sink* sink, char* err, size_t err_len);
  void (*release)(void* state);
} rb_pingpong_server_ops;

typedef struct rb_pingpong_client_params {
  uint32_t struct_size;
  const char* host; /* numeric IPv4 address of the server, e.g. "127.0.0.1" */
  uint16_t port;
  uint32_t sessions;
  uint32_t block_size;
  uint32_t threads;
  uint64_t duration_ms;
  int stop_fd;            /* readable once the host wants the client to give up */
  uint32_t verify_stride; /* 0: verify no session; k: sessions whose index % k == 0 */
} rb_pingpong_client_params;

typedef struct rb_pingpong_client_ops {
  uint32_t struct_size;
  int (*prepare)(const rb_host* host, const rb_pingpong_client_params* params,
                 const rb_option* options, uint32_t option_count, void** state, char* err,
                 size_t err_len);
  int (*run)(void* state, char* err, size_t err_len);
  int (*counters)(void* state, const rb_counter_sink* sink, char* err, size_t err_len);
  void (*release)(void* state);
} rb_pingpong_client_ops;

/* ---- workload: rr (HTTP/1.1 request/response latency) -- since ABI 1.2 ----------------
 *
 * The host's load generator (its own process and CPU) keeps `connections` keep-alive
 * connections to the server and sends `GET / HTTP/1.1` requests (with a Host header), in
 * closed loop or at a constant rate; it times every response itself.
 *
 * Server: prepare (given a listening socket the host bound) -> serve (blocks until stop_fd
 * becomes readable, then closes its connections and returns) -> counters -> release.
 * Every well-formed GET is answered `HTTP/1.1 200 OK` with `Content-Length: body_size` and a
 * body of body_size bytes ("ok" when 2); `Connection: close` (and HTTP/1.0 without
 * keep-alive) is honoured by closing after the response. A malformed or oversized request
 * gets `400 Bad Request` and a close, never a crash. <reactorbench/http_request.h> is a
 * parser and response builder that does all of this; a plugin may use its own.
 * Required counters: "connections" (accepted), "requests" (answered 200), "bad_requests"
 * (answered 400).
 */
typedef struct rb_rr_server_params {
  uint32_t struct_size;
  int listen_fd;      /* bound, listening, non-blocking; owned by the host */
  int stop_fd;        /* readable once the host wants the server to stop */
  uint32_t threads;   /* event-loop threads serving connections (>= 1) */
  uint32_t body_size; /* bytes of body in every 200 response */
} rb_rr_server_params;

typedef struct rb_rr_server_ops {
  uint32_t struct_size;
  int (*prepare)(const rb_host* host, const rb_rr_server_params* params, const rb_option* options,
                 uint32_t option_count, void** state, char* err, size_t err_len);
  int (*serve)(void* state, char* err, size_t err_len);
  int (*counters)(void* state, const rb_counter_sink* sink, char* err, size_t err_len);
  void (*release)(void* state);
} rb_rr_server_ops;

/* ---- the descriptor ------------------------------------------------------------------- */
typedef struct rb_plugin {
  uint32_t struct_size;
  uint32_t abi_version; /* RB_ABI_VERSION the plugin was built against */
  const char* name;     /* unique, [a-z0-9-]+ */
  const char* version;  /* the plugin's own version */
  const char* library;  /* what it wraps, e.g. "libevent" */
  /* The wrapped library's version at run time (e.g. event_get_version()). */
  const char* (*library_version)(void);
  const char* description; /* one line */
  /* One table per workload; NULL means the plugin does not offer it. */
  const rb_flower_ops* flower;
  /* Since ABI 1.1. */
  const rb_notify_ops* notify;
  const rb_pingpong_server_ops* pingpong_server;
  const rb_pingpong_client_ops* pingpong_client;
  /* Since ABI 1.2. */
  const rb_rr_server_ops* rr_server;
  /* Since ABI 1.3. The options the plugin takes: option_count declarations, each
   * options[0].struct_size bytes apart (the size the plugin was built with). NULL / 0: the
   * plugin declares nothing and the host checks nothing early (1.2 behaviour). */
  const rb_option_decl* options;
  uint32_t option_count;
} rb_plugin;

/* The one exported symbol. Returns NULL if the plugin cannot serve this host. */
typedef const rb_plugin* (*rb_entry_fn)(uint32_t host_abi_version);

/* A plugin defines its entry with RB_PLUGIN_ENTRY(host_abi_version) { ... }; in C++ the
 * macro gives it C linkage, so the exported name is the unmangled one the host looks up. */
#ifdef __cplusplus
#define RB_EXTERN_C extern "C"
#else
#define RB_EXTERN_C
#endif
#define RB_PLUGIN_ENTRY(host_abi_param)                                                          \
  RB_EXTERN_C __attribute__((visibility("default"))) const rb_plugin* reactorbench_plugin_entry( \
      uint32_t host_abi_param)

#ifdef __cplusplus
}
#endif

#endif /* REACTORBENCH_PLUGIN_H */
