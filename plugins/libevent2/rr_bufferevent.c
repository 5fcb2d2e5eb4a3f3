#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <stdlib.h>

#include "bev_server.h"
#include "error_message.h"
#include "output_high_water.h"
#include "reactorbench/http_request.h"
#include "rr_variant.h"

/* http = bufferevent: accepting, threads and stopping as the pingpong server (bev_server.c);
 * per connection a bufferevent whose input chunks are parsed in place (evbuffer_peek) and whose
 * responses are references to the server's canned ones (evbuffer_add_reference), so no byte of
 * a request or a response is copied by us. */

enum { kPeekChunks = 16 };

struct http_conn {
  struct bev_conn base; /* first: bev_server allocates and links it */
  rb_http_parser parser;
  int closing; /* reads no more; closes once its output is out */
};

/* What one loop's connections answered; only that loop's thread writes it. */
struct http_counts {
  uint64_t requests;
  uint64_t bad_requests;
};

struct http_server {
  struct bev_server loops;
  struct http_counts* counts; /* one per loop */
  rb_http_responses responses;
};

static struct http_server* server_of(const struct http_conn* conn) {
  return conn->base.loop->owner->protocol.ctx;
}

static struct http_counts* counts_of(const struct http_conn* conn) {
  return &server_of(conn)->counts[conn->base.loop->index];
}

static int output_empty(const struct http_conn* conn) {
  return evbuffer_get_length(bufferevent_get_output(conn->base.bev)) == 0;
}

/* The connection reads no more and closes once its output is out (see write_cb). */
static void stop_reading(struct http_conn* conn) {
  conn->closing = 1;
  bufferevent_disable(conn->base.bev, EV_READ);
}

/* Queues a response that lives as long as the server. A response that cannot be queued ends
 * the connection after what is queued already. */
static void respond(struct http_conn* conn, const char* data, size_t len, int then_close) {
  struct evbuffer* output = bufferevent_get_output(conn->base.bev);
  if (evbuffer_add_reference(output, data, len, NULL, NULL) != 0 || then_close) stop_reading(conn);
}

static int output_above_high_water(const struct http_conn* conn) {
  return rb_output_above_high_water(evbuffer_get_length(bufferevent_get_output(conn->base.bev)));
}

/* Answers the complete requests in data[0..len), in order (pipelining), until one ends the
 * connection or the output waiting goes above the high-water mark. Returns the bytes it
 * looked at. */
static size_t serve_requests(struct http_conn* conn, const char* data, size_t len) {
  struct http_counts* counts = counts_of(conn);
  const size_t total = len;
  while (len > 0 && !conn->closing && !output_above_high_water(conn)) {
    size_t used = 0;
    const int rc = rb_http_parse(&conn->parser, data, len, &used);
    data += used;
    len -= used;
    if (rc == RB_HTTP_NEED_MORE) break;
    if (rc == RB_HTTP_BAD) {
      counts->bad_requests++;
      respond(conn, RB_HTTP_400, RB_HTTP_400_LEN, 1);
      break;
    }
    counts->requests++;
    const int keep_alive = conn->parser.keep_alive;
    size_t response_len = 0;
    const char* response = rb_http_response(&server_of(conn)->responses, keep_alive, &response_len);
    respond(conn, response, response_len, !keep_alive);
  }
  return total - len;
}

/* Answers what waits in the input. Above the high-water mark the connection reads no more and
 * the rest waits in the input until write_cb finds the output drained. Returns -1 once the
 * connection is closed, 1 when it has stopped reading, 0 otherwise. */
static int serve_input(struct http_conn* conn) {
  struct evbuffer* input = bufferevent_get_input(conn->base.bev);
  struct evbuffer_iovec chunks[kPeekChunks];
  int paused = 0;
  while (!conn->closing && !paused && evbuffer_get_length(input) > 0) {
    const int needed = evbuffer_peek(input, -1, NULL, chunks, kPeekChunks);
    const int count = needed < kPeekChunks ? needed : kPeekChunks;
    if (count <= 0) break;
    size_t served = 0;
    for (int i = 0; i < count && !conn->closing && !paused; ++i) {
      const size_t used = serve_requests(conn, chunks[i].iov_base, chunks[i].iov_len);
      served += used;
      paused = used < chunks[i].iov_len && !conn->closing;
    }
    evbuffer_drain(input, served);
  }
  if (conn->closing) {
    evbuffer_drain(input, evbuffer_get_length(input));
    if (!output_empty(conn)) return 1;
    bev_conn_close(&conn->base);
    return -1;
  }
  if (paused) bufferevent_disable(conn->base.bev, EV_READ);
  return paused;
}

static void read_cb(struct bufferevent* bev, void* arg) {
  (void)bev;
  (void)serve_input(arg);
}

/* Runs once the output has all gone to the socket. */
static void write_cb(struct bufferevent* bev, void* arg) {
  struct http_conn* conn = arg;
  if (conn->closing) {
    bev_conn_close(&conn->base);
  } else if (!(bufferevent_get_enabled(bev) & EV_READ)) {
    /* Stopped above the high-water mark: answer what waits, then read on unless that filled
     * the output again. */
    if (serve_input(conn) == 0) bufferevent_enable(bev, EV_READ);
  }
}

static void event_cb(struct bufferevent* bev, short events, void* arg) {
  (void)bev;
  struct http_conn* conn = arg;
  if (events & BEV_EVENT_ERROR) {
    bev_conn_close(&conn->base);
  } else if (events & BEV_EVENT_EOF) {
    /* The client sent its last request: close once the answers are out. */
    if (output_empty(conn))
      bev_conn_close(&conn->base);
    else
      stop_reading(conn);
  }
}

static void start_http(void* ctx, struct bev_conn* conn) {
  (void)ctx;
  rb_http_parser_init(&((struct http_conn*)conn)->parser);
  bufferevent_setcb(conn->bev, read_cb, write_cb, event_cb, conn);
  bufferevent_enable(conn->bev, EV_READ | EV_WRITE);
}

static void destroy(struct http_server* server) {
  if (server == NULL) return;
  bev_server_free(&server->loops);
  /* Last: queued outputs referred to these until their bufferevents were finalized above. */
  rb_http_responses_free(&server->responses);
  free(server->counts);
  free(server);
}

static int prepare(const rb_rr_server_params* params, const struct rr_options* options, void** impl,
                   char* err, size_t err_len) {
  struct http_server* server = calloc(1, sizeof *server);
  if (server != NULL) server->counts = calloc(params->threads, sizeof *server->counts);
  if (server == NULL || server->counts == NULL ||
      rb_http_responses_init(&server->responses, params->body_size) != 0) {
    destroy(server);
    return report_error(RB_ERR_SYSTEM, err, err_len,
                        "out of memory for %u loops and a %u-byte body", params->threads,
                        params->body_size);
  }
  const struct bev_protocol http = {server, sizeof(struct http_conn), start_http, NULL};
  const int rc = bev_server_init(&server->loops, params->listen_fd, params->stop_fd,
                                 params->threads, &options->loop, &http, err, err_len);
  if (rc != RB_OK) {
    destroy(server);
    return rc;
  }
  *impl = server;
  return RB_OK;
}

static int serve(void* impl, char* err, size_t err_len) {
  struct http_server* server = impl;
  return bev_server_serve(&server->loops, err, err_len);
}

static void count(const void* impl, struct rr_counts* counts) {
  const struct http_server* server = impl;
  counts->connections = server->loops.connections;
  counts->accept_refused = server->loops.acceptor.refused;
  for (uint32_t i = 0; i < server->loops.loop_count; ++i) {
    counts->requests += server->counts[i].requests;
    counts->bad_requests += server->counts[i].bad_requests;
  }
}

static void release(void* impl) {
  destroy(impl);
}

const struct rr_variant libevent2_rr_bufferevent = {
    .prepare = prepare,
    .serve = serve,
    .count = count,
    .release = release,
};
