#include "pingpong_server.h"

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <stdlib.h>

#include "abi_tables.h"
#include "bev_server.h"
#include "error_message.h"
#include "options.h"
#include "output_high_water.h"
#include "server_counters.h"
#include "server_params.h"

/* What one loop's connections did; only that loop's thread writes it. */
struct echo_counts {
  uint64_t bytes_read;
  uint64_t bytes_queued; /* moved to the output buffers */
  uint64_t bytes_unsent; /* still in an output buffer when its connection closed */
};

struct echo_server {
  struct bev_server loops;
  struct echo_counts* counts; /* one per loop */
};

static struct echo_counts* counts_of(const struct bev_conn* conn) {
  const struct echo_server* server = conn->loop->owner->protocol.ctx;
  return &server->counts[conn->loop->index];
}

static void echo_read_cb(struct bufferevent* bev, void* arg) {
  struct echo_counts* counts = counts_of(arg);
  struct evbuffer* input = bufferevent_get_input(bev);
  const size_t n = evbuffer_get_length(input);
  counts->bytes_read += n;
  counts->bytes_queued += n;
  struct evbuffer* output = bufferevent_get_output(bev);
  evbuffer_add_buffer(output, input);
  if (rb_output_above_high_water(evbuffer_get_length(output))) bufferevent_disable(bev, EV_READ);
}

/* Runs once the output has all gone to the socket: reads on if it had stopped above the
 * high-water mark. */
static void echo_write_cb(struct bufferevent* bev, void* arg) {
  (void)arg;
  bufferevent_enable(bev, EV_READ);
}

static void echo_event_cb(struct bufferevent* bev, short events, void* arg) {
  (void)bev;
  if (events & (BEV_EVENT_EOF | BEV_EVENT_ERROR)) bev_conn_close(arg);
}

static void start_echo(void* ctx, struct bev_conn* conn) {
  (void)ctx;
  bufferevent_setcb(conn->bev, echo_read_cb, echo_write_cb, echo_event_cb, conn);
  bufferevent_enable(conn->bev, EV_READ | EV_WRITE);
}

static void closing_echo(void* ctx, struct bev_conn* conn) {
  (void)ctx;
  counts_of(conn)->bytes_unsent += evbuffer_get_length(bufferevent_get_output(conn->bev));
}

static void destroy(struct echo_server* server) {
  if (server == NULL) return;
  bev_server_free(&server->loops);
  free(server->counts);
  free(server);
}

static int prepare(const rb_host* host, const rb_pingpong_server_params* params,
                   const rb_option* options, uint32_t option_count, void** state, char* err,
                   size_t err_len) {
  (void)host;
  int rc = pingpong_server_check_params(params, state, err, err_len);
  if (rc != RB_OK) return rc;
  struct loop_options parsed;
  rc = parse_loop_options(options, option_count, "pingpong_server", &parsed, err, err_len);
  if (rc != RB_OK) return rc;

  struct echo_server* server = calloc(1, sizeof *server);
  if (server != NULL) server->counts = calloc(params->threads, sizeof *server->counts);
  if (server == NULL || server->counts == NULL) {
    destroy(server);
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  }
  const struct bev_protocol echo = {server, sizeof(struct bev_conn), start_echo, closing_echo};
  rc = bev_server_init(&server->loops, params->listen_fd, params->stop_fd, params->threads, &parsed,
                       &echo, err, err_len);
  if (rc != RB_OK) {
    destroy(server);
    return rc;
  }
  *state = server;
  return RB_OK;
}

static int serve(void* state, char* err, size_t err_len) {
  struct echo_server* server = state;
  return bev_server_serve(&server->loops, err, err_len);
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct echo_server* server = state;
  const int rc = counters_check(server, sink, err, err_len);
  if (rc != RB_OK) return rc;
  uint64_t bytes_read = 0, bytes_written = 0;
  for (uint32_t i = 0; i < server->loops.loop_count; ++i) {
    const struct echo_counts* counts = &server->counts[i];
    bytes_read += counts->bytes_read;
    bytes_written += counts->bytes_queued - counts->bytes_unsent;
  }
  pingpong_server_put_counters(sink, server->loops.connections, bytes_read, bytes_written,
                               server->loops.acceptor.refused);
  return RB_OK;
}

static void release(void* state) {
  destroy(state);
}

const rb_pingpong_server_ops libevent2_pingpong_server_ops =
    RB_PINGPONG_SERVER_OPS(prepare, serve, counters, release);
