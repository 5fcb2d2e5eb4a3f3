/* A pingpong plugin that misbehaves on request, so the integration tests can show what the
 * runner does when either side of a two-process cell fails. Its server is a correct
 * single-threaded poll(2) echo server unless told otherwise; its client only fails.
 * Options (shared by both roles, each reads its own):
 *   port_file=PATH           server: write the listening port there at prepare
 *   close_after_bytes=N      server: close each connection once it has echoed N bytes
 *   server_crash_after_ms=N  server: SIGSEGV itself N ms into serve
 *   ignore_stop=1            server: never return from serve, whatever the host says
 *   hold_open=1              server: never close a connection the client shut down
 *   corrupt_at=N             server: flip every bit of the byte at offset N of each echoed
 *                            stream (the client then sees ~(N % 128) there)
 *   close_listener=1         server: stop listening at prepare (shutdown(2) on the listening
 *                            socket, which stays the host's to close): every connect is refused
 *   client_crash=1           client: SIGSEGV itself at the start of run */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "test_plugin.h"

enum { kMaxConns = 4096 };

struct options {
  char port_file[512];
  long close_after_bytes;
  long server_crash_after_ms;
  int ignore_stop;
  int hold_open;
  long corrupt_at;
  int close_listener;
  int client_crash;
};

struct server {
  rb_pingpong_server_params params;
  struct options options;
  struct pollfd fds[kMaxConns + 2]; /* [0] listen, [1] stop, then connections */
  uint64_t echoed[kMaxConns + 2];
  nfds_t count;
  uint64_t connections, bytes_read, bytes_written;
};

static int parse_options(const rb_option* options, uint32_t count, struct options* out, char* err,
                         size_t len) {
  memset(out, 0, sizeof *out);
  out->close_after_bytes = -1;
  out->server_crash_after_ms = -1;
  out->corrupt_at = -1;
  for (uint32_t i = 0; i < count; ++i) {
    const char* key = options[i].key;
    const char* value = options[i].value;
    if (strcmp(key, "port_file") == 0) {
      snprintf(out->port_file, sizeof out->port_file, "%s", value);
    } else if (strcmp(key, "close_after_bytes") == 0) {
      out->close_after_bytes = strtol(value, NULL, 10);
    } else if (strcmp(key, "server_crash_after_ms") == 0) {
      out->server_crash_after_ms = strtol(value, NULL, 10);
    } else if (strcmp(key, "ignore_stop") == 0) {
      out->ignore_stop = strcmp(value, "1") == 0 || strcmp(value, "true") == 0;
    } else if (strcmp(key, "hold_open") == 0) {
      out->hold_open = strcmp(value, "1") == 0 || strcmp(value, "true") == 0;
    } else if (strcmp(key, "corrupt_at") == 0) {
      out->corrupt_at = strtol(value, NULL, 10);
    } else if (strcmp(key, "close_listener") == 0) {
      out->close_listener = strcmp(value, "1") == 0 || strcmp(value, "true") == 0;
    } else if (strcmp(key, "client_crash") == 0) {
      out->client_crash = strcmp(value, "1") == 0 || strcmp(value, "true") == 0;
    } else {
      snprintf(err, len,
               "unknown option '%s' (known: port_file, close_after_bytes, server_crash_after_ms, "
               "ignore_stop, hold_open, corrupt_at, close_listener, client_crash)",
               key);
      return RB_ERR_INVALID_ARGUMENT;
    }
  }
  return RB_OK;
}

static uint64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static int server_prepare(const rb_host* host, const rb_pingpong_server_params* params,
                          const rb_option* options, uint32_t option_count, void** state, char* err,
                          size_t len) {
  (void)host;
  struct server* s = calloc(1, sizeof *s);
  if (s == NULL) return RB_ERR_SYSTEM;
  const int rc = parse_options(options, option_count, &s->options, err, len);
  if (rc != RB_OK) {
    free(s);
    return rc;
  }
  s->params = *params;
  s->fds[0] = (struct pollfd){.fd = params->listen_fd, .events = POLLIN};
  s->fds[1] = (struct pollfd){.fd = params->stop_fd, .events = POLLIN};
  s->count = 2;
  if (s->options.port_file[0] != '\0') {
    struct sockaddr_in address;
    socklen_t length = sizeof address;
    getsockname(params->listen_fd, (struct sockaddr*)&address, &length);
    FILE* out = fopen(s->options.port_file, "w");
    if (out != NULL) {
      fprintf(out, "%u\n", ntohs(address.sin_port));
      fclose(out);
    }
  }
  if (s->options.close_listener) {
    shutdown(params->listen_fd, SHUT_RDWR);
    s->fds[0].fd = -1; /* poll skips it */
  }
  *state = s;
  return RB_OK;
}

static void drop(struct server* s, nfds_t i) {
  close(s->fds[i].fd);
  s->fds[i] = s->fds[s->count - 1];
  s->echoed[i] = s->echoed[s->count - 1];
  s->count--;
}

static void echo(struct server* s, nfds_t i) {
  char buffer[65536];
  const ssize_t n = read(s->fds[i].fd, buffer, sizeof buffer);
  if (n == 0 && s->options.hold_open) {
    s->fds[i].events = 0; /* keep the socket, stop watching it */
    return;
  }
  if (n <= 0) {
    if (n == 0 || (errno != EAGAIN && errno != EINTR)) drop(s, i);
    return;
  }
  s->bytes_read += (uint64_t)n;
  const long corrupt_at = s->options.corrupt_at;
  if (corrupt_at >= 0 && s->echoed[i] <= (uint64_t)corrupt_at &&
      (uint64_t)corrupt_at < s->echoed[i] + (uint64_t)n)
    buffer[(uint64_t)corrupt_at - s->echoed[i]] ^= (char)0xff;
  /* Blocking enough for a test: the socket is non-blocking, so retry until it is taken. */
  for (ssize_t done = 0; done < n;) {
    const ssize_t w = write(s->fds[i].fd, buffer + done, (size_t)(n - done));
    if (w < 0 && errno != EAGAIN && errno != EINTR) {
      drop(s, i);
      return;
    }
    if (w > 0) done += w;
  }
  s->bytes_written += (uint64_t)n;
  s->echoed[i] += (uint64_t)n;
  if (s->options.close_after_bytes >= 0 && s->echoed[i] >= (uint64_t)s->options.close_after_bytes)
    drop(s, i);
}

static int serve(void* state, char* err, size_t len) {
  struct server* s = state;
  const uint64_t started = now_ms();
  for (;;) {
    if (s->options.server_crash_after_ms >= 0 &&
        now_ms() - started >= (uint64_t)s->options.server_crash_after_ms)
      raise(SIGSEGV);
    if (poll(s->fds, s->count, 20) < 0 && errno != EINTR) {
      snprintf(err, len, "poll: %s", strerror(errno));
      return RB_ERR_SYSTEM;
    }
    if ((s->fds[1].revents & POLLIN) && !s->options.ignore_stop) break;
    if (s->fds[0].revents & POLLIN) {
      const int fd = accept4(s->fds[0].fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd >= 0 && s->count < kMaxConns + 2) {
        s->fds[s->count] = (struct pollfd){.fd = fd, .events = POLLIN};
        s->echoed[s->count] = 0;
        s->count++;
        s->connections++;
      } else if (fd >= 0) {
        close(fd);
      }
    }
    for (nfds_t i = s->count; i-- > 2;)
      if (s->fds[i].revents & (POLLIN | POLLHUP | POLLERR)) echo(s, i);
  }
  while (s->count > 2) drop(s, s->count - 1);
  return RB_OK;
}

static int server_counters(void* state, const rb_counter_sink* sink, char* err, size_t len) {
  (void)err, (void)len;
  const struct server* s = state;
  sink->put(sink->ctx, "connections", s->connections);
  sink->put(sink->ctx, "bytes_read", s->bytes_read);
  sink->put(sink->ctx, "bytes_written", s->bytes_written);
  return RB_OK;
}

static void server_release(void* state) {
  free(state);
}

static int client_prepare(const rb_host* host, const rb_pingpong_client_params* params,
                          const rb_option* options, uint32_t option_count, void** state, char* err,
                          size_t len) {
  (void)host, (void)params;
  struct options* parsed = calloc(1, sizeof *parsed);
  if (parsed == NULL) return RB_ERR_SYSTEM;
  const int rc = parse_options(options, option_count, parsed, err, len);
  if (rc != RB_OK) {
    free(parsed);
    return rc;
  }
  *state = parsed;
  return RB_OK;
}

static int client_run(void* state, char* err, size_t len) {
  const struct options* options = state;
  if (options->client_crash) raise(SIGSEGV);
  snprintf(err, len, "this test client only fails (set client_crash=1 to crash it)");
  return RB_ERR_UNSUPPORTED;
}

static int client_counters(void* state, const rb_counter_sink* sink, char* err, size_t len) {
  (void)state, (void)sink, (void)err, (void)len;
  return RB_OK;
}

static void client_release(void* state) {
  free(state);
}

static const rb_pingpong_server_ops server_ops = {sizeof(rb_pingpong_server_ops), server_prepare,
                                                  serve, server_counters, server_release};
static const rb_pingpong_client_ops client_ops = {sizeof(rb_pingpong_client_ops), client_prepare,
                                                  client_run, client_counters, client_release};

static const rb_plugin descriptor = {
    RBTEST_DESCRIPTOR_HEAD("pingpong-faulty", "poll(2)",
                           "test plugin: a poll(2) echo server and a client that fail on request"),
    .pingpong_server = &server_ops,
    .pingpong_client = &client_ops,
};

RBTEST_ENTRY_FOR_THIS_MAJOR(&descriptor)
