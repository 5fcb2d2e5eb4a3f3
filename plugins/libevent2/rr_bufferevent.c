#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>

#include "bev_server.h"
#include "options.h"
#include "output_high_water.h"
#include "rr_answer.h"
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

static int output_empty(const struct http_conn* conn) {
  return evbuffer_get_length(bufferevent_get_output(conn->base.bev)) == 0;
}

static int output_above_high_water(const struct http_conn* conn) {
  return rb_output_above_high_water(evbuffer_get_length(bufferevent_get_output(conn->base.bev)));
}

/* The connection reads no more and closes once its output is out (see write_cb). */
static void stop_reading(struct http_conn* conn) {
  conn->closing = 1;
  bufferevent_disable(conn->base.bev, EV_READ);
}

/* Answers the complete requests in data[0..len), in order (pipelining), until one ends the
 * connection or the output waiting goes above the high-water mark. A response that cannot be
 * queued ends the connection after what is queued already. Returns the bytes it looked at. */
static size_t serve_requests(struct http_conn* conn, const char* data, size_t len) {
  struct bev_server_loop* loop = conn->base.loop;
  const size_t total = len;
  struct rr_answer answer;
  while (!conn->closing && !output_above_high_water(conn) &&
         rr_next_answer(&conn->parser, loop->responses, &data, &len, &loop->counts, &answer)) {
    struct evbuffer* output = bufferevent_get_output(conn->base.bev);
    if (evbuffer_add_reference(output, answer.data, answer.len, NULL, NULL) != 0 || answer.last)
      stop_reading(conn);
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

static void start_http(struct bev_conn* conn) {
  rb_http_parser_init(&((struct http_conn*)conn)->parser);
  bufferevent_setcb(conn->bev, read_cb, write_cb, event_cb, conn);
  bufferevent_enable(conn->bev, EV_READ | EV_WRITE);
}

static const struct bev_protocol kHttpProtocol = {sizeof(struct http_conn), start_http, NULL};

const struct server_kind libevent2_rr_bufferevent =
    SERVER_CORE_KIND(bev_server, kHttpProtocol, NULL, kLibevent2Options);
