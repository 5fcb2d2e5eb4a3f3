#include "pingpong_server.h"

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>

#include "bev_server.h"
#include "options.h"
#include "output_high_water.h"

/* A loop's bytes_written counts what was moved to the output buffers; what is still in one when
 * its connection closes was not written, and is taken off then (closing_echo). */
static void echo_read_cb(struct bufferevent* bev, void* arg) {
  struct server_counts* counts = &((struct bev_conn*)arg)->loop->counts;
  struct evbuffer* input = bufferevent_get_input(bev);
  const size_t n = evbuffer_get_length(input);
  counts->bytes_read += n;
  counts->bytes_written += n;
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

static void start_echo(struct bev_conn* conn) {
  bufferevent_setcb(conn->bev, echo_read_cb, echo_write_cb, echo_event_cb, conn);
  bufferevent_enable(conn->bev, EV_READ | EV_WRITE);
}

static void closing_echo(struct bev_conn* conn) {
  conn->loop->counts.bytes_written -= evbuffer_get_length(bufferevent_get_output(conn->bev));
}

static const struct bev_protocol kEchoProtocol = {sizeof(struct bev_conn), start_echo,
                                                  closing_echo};
static const struct server_kind kEcho =
    SERVER_CORE_KIND(bev_server, kEchoProtocol, NULL, kLibevent2Options);

RB_SERVER_SHELL(pingpong, libevent2_pingpong_server_ops, kEcho);
