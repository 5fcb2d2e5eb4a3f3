#include "pingpong_client.h"

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "error_message.h"
#include "options.h"
#include "pingpong_base.h"
#include "pingpong_client_session.h"

struct lc_loop;

struct lc_session {
  struct pingpong_session_head head;
  struct bufferevent* bev;
  struct lc_loop* loop;
};

struct lc_loop {
  struct pingpong_client_loop_state state;
  struct event_base* base;
  struct event* timer;
  struct event* stop_event;
};

struct lc_client {
  struct pingpong_client_base base; /* first: the harness's view of this state */
  struct loop_options options;
};

static void end_session(struct lc_session* session, uint64_t* outcome) {
  struct lc_loop* loop = session->loop;
  (*outcome)++;
  bufferevent_free(session->bev);
  session->bev = NULL;
  if (--loop->state.open == 0) event_base_loopbreak(loop->base);
}

/* After the deadline the write side closes as soon as the output buffer is empty. */
static void shut_if_due(struct lc_session* session) {
  if (!pingpong_session_shut_due(&session->head.state, session->loop->state.past_deadline,
                                 evbuffer_get_length(bufferevent_get_output(session->bev)) > 0))
    return;
  if (shutdown(bufferevent_getfd(session->bev), SHUT_WR) != 0) {
    end_session(session, &session->loop->state.counts.resets);
    return;
  }
  session->head.state = kShut;
}

static void read_cb(struct bufferevent* bev, void* arg) {
  struct lc_session* session = arg;
  struct pingpong_client_counts* counts = &session->loop->state.counts;
  const rb_pingpong_client_params* params = &session->loop->state.client->params;
  struct evbuffer* input = bufferevent_get_input(bev);
  const size_t n = evbuffer_get_length(input);
  counts->bytes_read += n;
  counts->messages_read++;
  if (rb_pingpong_verifies(session->head.index, params->verify_stride)) {
    struct evbuffer_iovec chunks[16];
    size_t seen = 0;
    while (seen < n) {
      struct evbuffer_ptr at;
      evbuffer_ptr_set(input, &at, seen, EVBUFFER_PTR_SET);
      const int count = evbuffer_peek(input, (ev_ssize_t)(n - seen), &at, chunks, 16);
      for (int i = 0; i < count && i < 16 && seen < n; ++i) {
        const size_t len = chunks[i].iov_len < n - seen ? chunks[i].iov_len : n - seen;
        pingpong_client_verify(counts, &session->loop->state.first_mismatch, session->head.index,
                               chunks[i].iov_base, len, session->head.offset + seen,
                               params->block_size);
        seen += len;
      }
    }
  }
  session->head.offset += n;
  if (session->head.state == kEchoing)
    evbuffer_add_buffer(bufferevent_get_output(bev), input);
  else
    evbuffer_drain(input, n);
}

/* The output buffer drained (low watermark 0): a shutting session may close its side now. */
static void write_cb(struct bufferevent* bev, void* arg) {
  (void)bev;
  shut_if_due(arg);
}

static void event_cb(struct bufferevent* bev, short events, void* arg) {
  struct lc_session* session = arg;
  struct pingpong_client_counts* counts = &session->loop->state.counts;
  if (events & BEV_EVENT_CONNECTED) {
    const int one = 1;
    setsockopt(bufferevent_getfd(bev), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    session->head.state = kEchoing;
    bufferevent_write(bev, session->loop->state.client->block,
                      session->loop->state.client->params.block_size);
    shut_if_due(session);
    return;
  }
  if (events & BEV_EVENT_EOF) {
    end_session(session, pingpong_session_outcome(&session->loop->state, session->head.state, 1));
  } else if (events & BEV_EVENT_ERROR) {
    end_session(session,
                session->head.state == kConnecting ? &counts->connect_failures : &counts->resets);
  }
}

static void deadline_cb(evutil_socket_t fd, short events, void* arg) {
  (void)fd, (void)events;
  struct lc_loop* loop = arg;
  loop->state.past_deadline = 1;
  const struct pingpong_client_base* client = loop->state.client;
  /* Only this loop's sessions (dealt round-robin): other loop threads free their own
   * sessions' bufferevents concurrently, so their fields are never read here. */
  for (uint32_t i = loop->state.index; i < client->params.sessions; i += client->loop_count) {
    struct lc_session* session = pingpong_client_session(client, i);
    if (session->bev != NULL && session->head.state != kConnecting) shut_if_due(session);
  }
}

static void stop_cb(evutil_socket_t fd, short events, void* arg) {
  (void)fd, (void)events;
  struct lc_loop* loop = arg;
  loop->state.stopped = 1;
  event_base_loopbreak(loop->base);
}

static void* loop_main(void* arg) {
  struct lc_loop* loop = arg;
  if (loop->state.open > 0) event_base_dispatch(loop->base);
  return NULL;
}

static void close_session(void* arg) {
  struct lc_session* session = arg;
  if (session->bev != NULL) bufferevent_free(session->bev);
}

static void free_loop(void* arg) {
  struct lc_loop* loop = arg;
  if (loop->timer != NULL) event_free(loop->timer);
  if (loop->stop_event != NULL) event_free(loop->stop_event);
  if (loop->base != NULL) event_base_free(loop->base);
}

static int setup(struct pingpong_client_base* base, const rb_option_value* values, char* err,
                 size_t err_len) {
  return loop_options_from(values, &((struct lc_client*)base)->options, err, err_len);
}

static int init_loop(void* arg, char* err, size_t err_len) {
  struct lc_loop* loop = arg;
  const struct lc_client* client = (const struct lc_client*)loop->state.client;
  loop->base = pingpong_new_base(&client->options, err, err_len);
  if (loop->base == NULL) return RB_ERR_UNSUPPORTED;
  loop->timer = evtimer_new(loop->base, deadline_cb, loop);
  loop->stop_event = event_new(loop->base, client->base.params.stop_fd, EV_READ, stop_cb, loop);
  if (loop->timer == NULL || loop->stop_event == NULL)
    return report_error(RB_ERR_SYSTEM, err, err_len, "event_new failed");
  return RB_OK;
}

static int start(struct pingpong_client_base* base, char* err, size_t err_len) {
  (void)err;
  (void)err_len;
  const uint64_t duration_ms = base->params.duration_ms;
  const struct timeval duration = {(time_t)(duration_ms / 1000),
                                   (suseconds_t)(duration_ms % 1000) * 1000};
  for (uint32_t i = 0; i < base->loop_count; ++i) {
    struct lc_loop* loop = pingpong_client_loop(base, i);
    event_add(loop->timer, &duration);
    event_add(loop->stop_event, NULL);
  }
  return RB_OK;
}

/* One that fails at once is a connect failure. */
static void connect_session(void* loop_arg, void* session_arg) {
  struct lc_loop* loop = loop_arg;
  struct lc_session* session = session_arg;
  session->loop = loop;
  session->bev = bufferevent_socket_new(loop->base, -1, BEV_OPT_CLOSE_ON_FREE);
  if (session->bev == NULL) {
    loop->state.counts.connect_failures++;
    return;
  }
  loop->state.open++;
  bufferevent_setcb(session->bev, read_cb, write_cb, event_cb, session);
  bufferevent_enable(session->bev, EV_READ | EV_WRITE);
  const struct pingpong_client_base* client = loop->state.client;
  if (bufferevent_socket_connect(session->bev, (const struct sockaddr*)&client->server,
                                 sizeof client->server) != 0) {
    loop->state.open--;
    loop->state.counts.connect_failures++;
    bufferevent_free(session->bev);
    session->bev = NULL;
  }
}

PINGPONG_CLIENT_OPS(libevent2_pingpong_client_ops, struct lc_client, struct lc_loop,
                    struct lc_session, kLibevent2Options, setup, init_loop, start, connect_session,
                    loop_main, NULL, 0, close_session, free_loop, NULL);
