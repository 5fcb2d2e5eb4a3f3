#include "pingpong_client_session.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "error_message.h"
#include "loop_threads.h"
#include "sigpipe_guard.h"

static int check_params(const rb_pingpong_client_params* params, char* err, size_t err_len) {
  const size_t needed =
      offsetof(rb_pingpong_client_params, verify_stride) + sizeof params->verify_stride;
  if (params == NULL || params->struct_size < needed || params->threads == 0 ||
      params->sessions == 0 || params->block_size == 0 || params->host == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len,
                        "pingpong client params missing, too small or zero");
  }
  return RB_OK;
}

/* Copies params, parses the server's address and fills the block. */
static int base_init(struct pingpong_client_base* base, const rb_pingpong_client_params* params,
                     char* err, size_t err_len) {
  base->params = *params;
  base->params.host = NULL;
  base->server.sin_family = AF_INET;
  base->server.sin_port = htons(params->port);
  base->loop_count = params->threads;
  if (inet_pton(AF_INET, params->host, &base->server.sin_addr) != 1) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "not an IPv4 address: '%s'",
                        params->host);
  }
  base->block = malloc(params->block_size);
  if (base->block == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  }
  rb_pingpong_fill_block(base->block, params->block_size);
  return RB_OK;
}

int pingpong_client_start_connect(const struct pingpong_client_base* base) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    return -1;
  }
  if (connect(fd, (const struct sockaddr*)&base->server, sizeof base->server) != 0 &&
      errno != EINPROGRESS) {
    close(fd);
    return -1;
  }
  return fd;
}

int pingpong_client_connected(int fd) {
  int error = 0;
  socklen_t length = sizeof error;
  if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0 || error != 0) {
    return -1;
  }
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return 0;
}

static const struct pingpong_client_loop_state* loop_at(const struct pingpong_client_base* client,
                                                        uint32_t i) {
  return pingpong_client_loop(client, i);
}

void pingpong_client_loop_failed(struct pingpong_client_loop_state* loop, int rc,
                                 const char* format, ...) {
  if (loop->failed != RB_OK) {
    return;
  }
  loop->failed = rc;
  va_list args;
  va_start(args, format);
  vsnprintf(loop->failure, sizeof loop->failure, format, args);
  va_end(args);
}

static void destroy(struct pingpong_client_base* client) {
  const struct pingpong_client_backend* backend = client->backend;
  for (uint32_t i = 0; i < client->sessions_begun; ++i) {
    backend->close_session(pingpong_client_session(client, i));
  }
  for (uint32_t i = 0; i < client->loops_made; ++i) {
    backend->free_loop(pingpong_client_loop(client, i));
  }
  free(client->sessions);
  free(client->loops);
  free(client->block);
  free(client);
}

void pingpong_client_release(void* state) {
  if (state != NULL) {
    destroy(state);
  }
}

static int make_loops(struct pingpong_client_base* client, char* err, size_t err_len) {
  client->loops = calloc(client->loop_count, client->backend->loop_size);
  if (client->loops == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u loops",
                        client->loop_count);
  }
  int rc = RB_OK;
  while (rc == RB_OK && client->loops_made < client->loop_count) {
    const uint32_t i = client->loops_made++;
    struct pingpong_client_loop_state* loop = pingpong_client_loop(client, i);
    loop->client = client;
    loop->index = i;
    rc = client->backend->init_loop(loop, err, err_len);
  }
  return rc;
}

int pingpong_client_prepare(const struct pingpong_client_backend* backend, const rb_host* host,
                            const rb_pingpong_client_params* params, const rb_option* options,
                            uint32_t option_count, void** state, char* err, size_t err_len) {
  (void)host;
  if (state == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "prepare: state is NULL");
  }
  *state = NULL;
  int rc = check_params(params, err, err_len);
  if (rc != RB_OK) {
    return rc;
  }
  struct pingpong_client_base* client = calloc(1, backend->client_size);
  if (client == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  }
  client->backend = backend;
  rc = base_init(client, params, err, err_len);
  rb_option_value* values = NULL;
  if (rc == RB_OK) {
    rc = option_table_parse_new(&backend->options, "pingpong_client", options, option_count,
                                &values, err, err_len);
  }
  if (rc == RB_OK) {
    rc = backend->setup(client, values, err, err_len);
  }
  free(values);
  if (rc == RB_OK) {
    rc = make_loops(client, err, err_len);
  }
  if (rc != RB_OK) {
    destroy(client);
    return rc;
  }
  *state = client;
  return RB_OK;
}

static int run_loops(struct pingpong_client_base* client, char* err, size_t err_len) {
  const struct pingpong_client_backend* backend = client->backend;
  struct sigpipe_guard guard;
  if (backend->block_sigpipe) {
    sigpipe_guard_enter(&guard); /* before the loop threads start: they inherit the mask */
  }
  uint32_t started = 0;
  const int error = run_loop_threads(client->loops, backend->loop_size, client->loop_count,
                                     backend->loop_main, backend->abandon, &started);
  if (backend->block_sigpipe) {
    sigpipe_guard_leave(&guard);
  }
  if (error != 0) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create for loop %u: %s", started,
                        strerror(error));
  }
  return RB_OK;
}

/* RB_OK, the first loop's failure, or RB_ERR_INTERNAL when the host stopped a loop. */
static int loops_result(const struct pingpong_client_base* client, char* err, size_t err_len) {
  uint32_t open = 0;
  int stopped = 0;
  for (uint32_t i = 0; i < client->loop_count; ++i) {
    const struct pingpong_client_loop_state* loop = loop_at(client, i);
    if (loop->failed != RB_OK) {
      return report_error(loop->failed, err, err_len, "loop %u: %s", i, loop->failure);
    }
    open += loop->open;
    stopped = stopped || loop->stopped;
  }
  if (stopped) {
    return report_error(RB_ERR_INTERNAL, err, err_len,
                        "stopped by the host with %u sessions still open", open);
  }
  return RB_OK;
}

int pingpong_client_run(void* state, char* err, size_t err_len) {
  struct pingpong_client_base* client = state;
  if (client == NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "run: no state");
  }
  if (client->sessions != NULL) {
    return report_error(RB_ERR_INVALID_ARGUMENT, err, err_len, "run: called twice");
  }
  const struct pingpong_client_backend* backend = client->backend;
  client->sessions = calloc(client->params.sessions, backend->session_size);
  if (client->sessions == NULL) {
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u sessions",
                        client->params.sessions);
  }
  int rc = backend->start(client, err, err_len);
  if (rc != RB_OK) {
    return rc;
  }
  /* Dealt round-robin: loop i's sessions are i, i + loop_count, ... */
  while (client->sessions_begun < client->params.sessions) {
    const uint32_t i = client->sessions_begun++;
    struct pingpong_session_head* session = pingpong_client_session(client, i);
    session->index = i;
    session->state = kConnecting;
    backend->connect(pingpong_client_loop(client, i % client->loop_count), session);
  }
  rc = run_loops(client, err, err_len);
  return rc != RB_OK ? rc : loops_result(client, err, err_len);
}

int pingpong_client_counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct pingpong_client_base* client = state;
  const int rc = counters_check(client, sink, err, err_len);
  if (rc != RB_OK) {
    return rc;
  }
  struct pingpong_client_counts total = {0};
  const struct pingpong_mismatch* first = NULL;
  for (uint32_t i = 0; i < client->loop_count; ++i) {
    const struct pingpong_client_loop_state* loop = loop_at(client, i);
    pingpong_client_counts_add(&total, &loop->counts);
    if (first == NULL && loop->first_mismatch.found) {
      first = &loop->first_mismatch;
    }
  }
  pingpong_client_counts_put(sink, &total, first);
  if (client->backend->put_counters != NULL) {
    client->backend->put_counters(client, sink);
  }
  return RB_OK;
}
