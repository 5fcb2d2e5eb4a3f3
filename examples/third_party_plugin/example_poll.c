/* example-poll: a third-party reactorbench plugin. A tiny poll(2) reactor (persistent read
 * watchers and a loop that runs their callbacks), and the flower workload on top of it.
 * Everything the runner and the plugin agree on is in <reactorbench/plugin.h>; the steps
 * from here to a measured run are in docs/writing-a-plugin.md. */
#include <errno.h>
#include <gnu/libc-version.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <reactorbench/plugin.h>

/* ---- the reactor ----------------------------------------------------------------------- */

typedef void (*watch_fn)(void* arg, size_t slot);

typedef struct reactor {
  struct pollfd* polled; /* one entry per watched fd */
  size_t count;
  size_t capacity;
  watch_fn on_readable;
  void* arg;
  int timeout_ms;
} reactor;

static int reactor_init(reactor* r, size_t capacity, watch_fn on_readable, void* arg,
                        int timeout_ms) {
  r->polled = calloc(capacity, sizeof *r->polled);
  r->count = 0;
  r->capacity = capacity;
  r->on_readable = on_readable;
  r->arg = arg;
  r->timeout_ms = timeout_ms;
  return r->polled != NULL ? 0 : -1;
}

static void reactor_free(reactor* r) {
  free(r->polled);
  r->polled = NULL;
}

static void reactor_clear(reactor* r) {
  r->count = 0;
}

/* A persistent read watcher: the reactor's on_readable(arg, slot) runs every time fd is
 * readable; slot is the watcher's position, in the order they were added. */
static int reactor_watch(reactor* r, int fd) {
  if (r->count == r->capacity) return -1;
  r->polled[r->count].fd = fd;
  r->polled[r->count].events = POLLIN;
  r->polled[r->count].revents = 0;
  r->count++;
  return 0;
}

/* One poll: > 0 callbacks ran, 0 the wait timed out, -1 poll failed (errno; EINTR too). */
static int reactor_run_once(reactor* r) {
  const int ready = poll(r->polled, r->count, r->timeout_ms);
  if (ready <= 0) return ready;
  for (size_t slot = 0; slot < r->count; ++slot)
    if (r->polled[slot].revents & POLLIN) r->on_readable(r->arg, slot);
  return ready;
}

/* ---- the flower workload (the hot potato of libevent's test/bench.c) ------------------- */

typedef struct flower {
  rb_flower_params params; /* the host owns the fds; we never close them */
  int (*stop_requested)(void* ctx);
  void* host_ctx;
  reactor loop;
  uint64_t count, fired, budget; /* the current iteration */
  uint64_t reads, writes, loop_iterations;
  int io_errno;
} flower;

static int fail(int code, char* err, size_t err_len, const char* message) {
  snprintf(err, err_len, "%s", message);
  return code;
}

/* The options, declared once (ABI 1.3). The runner reads this table from the descriptor: it
 * checks a config's [plugin_options.example-poll] against it when it loads the config (an
 * unknown key or a bad value stops the run there, naming file:line:col) and lists it
 * (`runner plugins --options example-poll`). prepare parses what it is given against the
 * same table, so what the runner checks and what the plugin accepts cannot drift apart. */
enum { OPTION_POLL_TIMEOUT_MS, OPTION_COUNT };

static const rb_option_decl option_decls[OPTION_COUNT] = {
    [OPTION_POLL_TIMEOUT_MS] =
        {
            .struct_size = sizeof(rb_option_decl),
            .type = RB_OPTION_INT,
            .name = "poll_timeout_ms",
            .allowed = "1..60000", /* INT: "MIN..MAX"; ENUM: "a|b|c" */
            .default_value = "1000",
            .help = "how long one poll waits before dispatch asks whether to stop",
            .workloads = NULL, /* every workload the plugin offers; or e.g. "flower,notify" */
        },
};

/* An INT option's value, within its declared "MIN..MAX". */
static int parse_int_option(const rb_option_decl* decl, const char* text, long* value, char* err,
                            size_t err_len) {
  long low = 0, high = 0;
  char* end = NULL;
  *value = strtol(text, &end, 10);
  if (end == text || *end != '\0') {
    snprintf(err, err_len, "option '%s': expected an integer, got '%s'", decl->name, text);
    return RB_ERR_INVALID_ARGUMENT;
  }
  if (decl->allowed != NULL && sscanf(decl->allowed, "%ld..%ld", &low, &high) == 2 &&
      (*value < low || *value > high)) {
    snprintf(err, err_len, "option '%s': %ld is outside %s", decl->name, *value, decl->allowed);
    return RB_ERR_INVALID_ARGUMENT;
  }
  return RB_OK;
}

/* Options arrive as strings; a key the table does not declare is refused, naming it and the
 * known ones. values[i] starts at option_decls[i]'s default. */
static int parse_options(const rb_option* options, uint32_t count, long values[OPTION_COUNT],
                         char* err, size_t err_len) {
  for (int d = 0; d < OPTION_COUNT; ++d)
    values[d] = strtol(option_decls[d].default_value, NULL, 10);
  for (uint32_t i = 0; i < count; ++i) {
    int d = 0;
    while (d < OPTION_COUNT && strcmp(option_decls[d].name, options[i].key) != 0) ++d;
    if (d == OPTION_COUNT) {
      int used = snprintf(err, err_len, "unknown option '%s' (known:", options[i].key);
      for (d = 0; d < OPTION_COUNT && used > 0 && (size_t)used < err_len; ++d)
        used += snprintf(err + used, err_len - (size_t)used, " %s", option_decls[d].name);
      if (used > 0 && (size_t)used < err_len) snprintf(err + used, err_len - (size_t)used, ")");
      return RB_ERR_INVALID_ARGUMENT;
    }
    const int rc = parse_int_option(&option_decls[d], options[i].value, &values[d], err, err_len);
    if (rc != RB_OK) return rc;
  }
  return RB_OK;
}

/* The read callback: one byte in; while the budget lasts, one byte on to the next pipe. */
static void on_readable(void* arg, size_t slot) {
  flower* f = arg;
  char byte;
  if (read(f->params.read_fds[slot], &byte, 1) != 1) {
    if (errno != EAGAIN) f->io_errno = errno;
    return;
  }
  f->count++;
  f->reads++;
  if (f->budget == 0) return;
  const size_t next = (slot + 1) % f->params.pipes;
  if (write(f->params.write_fds[next], "e", 1) != 1) {
    f->io_errno = errno;
    return;
  }
  f->budget--;
  f->fired++;
  f->writes++;
}

static int flower_prepare(const rb_host* host, const rb_flower_params* params,
                          const rb_option* options, uint32_t option_count, void** state, char* err,
                          size_t err_len) {
  long values[OPTION_COUNT];
  const int rc = parse_options(options, option_count, values, err, err_len);
  if (rc != RB_OK) return rc;
  const int timeout_ms = (int)values[OPTION_POLL_TIMEOUT_MS];
  if (params->pipes == 0 || params->active == 0 || params->active > params->pipes)
    return fail(RB_ERR_INVALID_ARGUMENT, err, err_len, "need 0 < active <= pipes");
  flower* f = calloc(1, sizeof *f);
  if (f == NULL) return fail(RB_ERR_SYSTEM, err, err_len, "out of memory");
  f->params = *params;
  /* A host older than stop_requested would not have it: read a member only if the host's
   * struct_size covers it. */
  if (host->struct_size >= offsetof(rb_host, stop_requested) + sizeof host->stop_requested) {
    f->stop_requested = host->stop_requested;
    f->host_ctx = host->ctx;
  }
  if (reactor_init(&f->loop, params->pipes, on_readable, f, timeout_ms) != 0) {
    free(f);
    return fail(RB_ERR_SYSTEM, err, err_len, "out of memory for the watchers");
  }
  *state = f;
  return RB_OK;
}

static int flower_arm(void* state, char* err, size_t err_len) {
  flower* f = state;
  reactor_clear(&f->loop);
  for (uint32_t i = 0; i < f->params.pipes; ++i)
    if (reactor_watch(&f->loop, f->params.read_fds[i]) != 0)
      return fail(RB_ERR_INTERNAL, err, err_len, "more watchers than prepared for");
  f->count = f->reads = f->writes = f->loop_iterations = 0;
  f->fired = f->params.active; /* the host writes these bytes right after arm */
  f->budget = f->params.writes;
  f->io_errno = 0;
  return RB_OK;
}

static int flower_dispatch(void* state, char* err, size_t err_len) {
  flower* f = state;
  while (f->count < f->fired) {
    const int ran = reactor_run_once(&f->loop);
    f->loop_iterations++;
    if (ran < 0 && errno != EINTR) {
      snprintf(err, err_len, "poll: %s", strerror(errno));
      return RB_ERR_SYSTEM;
    }
    if (f->io_errno != 0) {
      snprintf(err, err_len, "pipe I/O: %s", strerror(f->io_errno));
      return RB_ERR_SYSTEM;
    }
    /* Nothing happened (a timeout, or the host's SIGTERM interrupted poll): the one moment
     * to ask whether the host wants us to stop, so the measured loop pays nothing for it. */
    if (ran <= 0 && f->stop_requested != NULL && f->stop_requested(f->host_ctx)) {
      snprintf(err, err_len, "stopped by the host after %llu of %llu reads",
               (unsigned long long)f->count, (unsigned long long)f->fired);
      return RB_ERR_INTERNAL;
    }
  }
  return RB_OK;
}

static int flower_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  (void)err;
  (void)err_len;
  const flower* f = state;
  sink->put(sink->ctx, "reads", f->reads);
  sink->put(sink->ctx, "writes", f->writes);
  sink->put(sink->ctx, "loop_iterations", f->loop_iterations);
  /* The arm policy (docs/plugin-abi.md): every arm watches every pipe again. */
  sink->put(sink->ctx, "arm_reregisters", 1);
  return RB_OK;
}

static void flower_release(void* state) {
  flower* f = state;
  if (f == NULL) return;
  reactor_free(&f->loop);
  free(f);
}

/* ---- the descriptor ------------------------------------------------------------------- */

static const rb_flower_ops flower_ops = {
    .struct_size = sizeof(rb_flower_ops),
    .prepare = flower_prepare,
    .arm = flower_arm,
    .dispatch = flower_dispatch,
    .counters = flower_counters,
    .release = flower_release,
};

static const char* library_version(void) {
  return gnu_get_libc_version();
}

static const rb_plugin descriptor = {
    .struct_size = sizeof(rb_plugin),
    .abi_version = RB_ABI_VERSION,
    .name = "example-poll",
    .version = "1.0.0",
    .library = "glibc poll(2)",
    .library_version = library_version,
    .description = "example third-party plugin: a tiny poll(2) reactor; option poll_timeout_ms",
    .flower = &flower_ops,
    .options = option_decls, /* since ABI 1.3: what `runner plugins --options` lists */
    .option_count = OPTION_COUNT,
};

RB_PLUGIN_ENTRY(host_abi) {
  return RB_VERSION_MAJOR(host_abi) == RB_ABI_MAJOR ? &descriptor : NULL;
}
