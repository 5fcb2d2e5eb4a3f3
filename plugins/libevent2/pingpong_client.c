#include "pingpong_client.h"

#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "abi_tables.h"
#include "error_message.h"
#include "loop_threads.h"
#include "options.h"
#include "pingpong_base.h"
#include "pingpong_client_session.h"

struct lc_loop;

struct lc_session {
  struct bufferevent* bev;
  struct lc_loop* loop;
  uint32_t index;
  enum pingpong_session_state state;
  uint64_t offset; /* stream bytes received so far */
};

struct lc_client;

struct lc_loop {
  struct pingpong_client_loop_state state;
  struct lc_client* client;
  struct event_base* base;
  struct event* timer;
  struct event* stop_event;
};

struct lc_client {
  struct pingpong_client_base base;
  struct lc_session* sessions;
  struct lc_loop* loops;
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
  if (!pingpong_session_shut_due(&session->state, session->loop->state.past_deadline,
                                 evbuffer_get_length(bufferevent_get_output(session->bev)) > 0))
    return;
  if (shutdown(bufferevent_getfd(session->bev), SHUT_WR) != 0) {
    end_session(session, &session->loop->state.counts.resets);
    return;
  }
  session->state = kShut;
}

static void read_cb(struct bufferevent* bev, void* arg) {
  struct lc_session* session = arg;
  struct pingpong_client_counts* counts = &session->loop->state.counts;
  const rb_pingpong_client_params* params = &session->loop->client->base.params;
  struct evbuffer* input = bufferevent_get_input(bev);
  const size_t n = evbuffer_get_length(input);
  counts->bytes_read += n;
  counts->messages_read++;
  if (rb_pingpong_verifies(session->index, params->verify_stride)) {
    struct evbuffer_iovec chunks[16];
    size_t seen = 0;
    while (seen < n) {
      struct evbuffer_ptr at;
      evbuffer_ptr_set(input, &at, seen, EVBUFFER_PTR_SET);
      const int count = evbuffer_peek(input, (ev_ssize_t)(n - seen), &at, chunks, 16);
      for (int i = 0; i < count && i < 16 && seen < n; ++i) {
        const size_t len = chunks[i].iov_len < n - seen ? chunks[i].iov_len : n - seen;
        pingpong_client_verify(counts, &session->loop->state.first_mismatch, session->index,
                               chunks[i].iov_base, len, session->offset + seen, params->block_size);
        seen += len;
      }
    }
  }
  session->offset += n;
  if (session->state == kEchoing)
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
    session->state = kEchoing;
    bufferevent_write(bev, session->loop->client->base.block,
                      session->loop->client->base.params.block_size);
    shut_if_due(session);
    return;
  }
  if (events & BEV_EVENT_EOF) {
    end_session(session, pingpong_session_outcome(&session->loop->state, session->state, 1));
  } else if (events & BEV_EVENT_ERROR) {
    end_session(session,
                session->state == kConnecting ? &counts->connect_failures : &counts->resets);
  }
}

static void deadline_cb(evutil_socket_t fd, short events, void* arg) {
  (void)fd, (void)events;
  struct lc_loop* loop = arg;
  loop->state.past_deadline = 1;
  struct lc_client* client = loop->client;
  /* Only this loop's sessions (connect_all deals them round-robin): other loop threads free
   * their own sessions' bufferevents concurrently, so their fields are never read here. */
  for (uint32_t i = (uint32_t)(loop - client->loops); i < client->base.params.sessions;
       i += client->base.loop_count) {
    struct lc_session* session = &client->sessions[i];
    if (session->bev != NULL && session->state != kConnecting) shut_if_due(session);
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

static void destroy(struct lc_client* client) {
  if (client == NULL) return;
  for (uint32_t i = 0; client->sessions != NULL && i < client->base.params.sessions; ++i)
    if (client->sessions[i].bev != NULL) bufferevent_free(client->sessions[i].bev);
  for (uint32_t i = 0; client->loops != NULL && i < client->base.loop_count; ++i) {
    struct lc_loop* loop = &client->loops[i];
    if (loop->timer != NULL) event_free(loop->timer);
    if (loop->stop_event != NULL) event_free(loop->stop_event);
    if (loop->base != NULL) event_base_free(loop->base);
  }
  free(client->sessions);
  free(client->loops);
  pingpong_client_base_free(&client->base);
  free(client);
}

static int prepare(const rb_host* host, const rb_pingpong_client_params* params,
                   const rb_option* options, uint32_t option_count, void** state, char* err,
                   size_t err_len) {
  (void)host;
  int rc = pingpong_client_check_params(params, err, err_len);
  if (rc != RB_OK) return rc;
  struct loop_options parsed;
  rc = parse_loop_options(options, option_count, "pingpong_client", &parsed, err, err_len);
  if (rc != RB_OK) return rc;

  struct lc_client* client = calloc(1, sizeof *client);
  if (client == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  rc = pingpong_client_base_init(&client->base, params, err, err_len);
  if (rc == RB_OK) {
    client->loops = calloc(client->base.loop_count, sizeof *client->loops);
    if (client->loops == NULL) rc = report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  }
  if (rc != RB_OK) {
    destroy(client);
    return rc;
  }
  for (uint32_t i = 0; i < client->base.loop_count; ++i) {
    struct lc_loop* loop = &client->loops[i];
    loop->client = client;
    loop->base = pingpong_new_base(&parsed, err, err_len);
    if (loop->base == NULL) {
      destroy(client);
      return RB_ERR_UNSUPPORTED;
    }
    loop->timer = evtimer_new(loop->base, deadline_cb, loop);
    loop->stop_event = event_new(loop->base, client->base.params.stop_fd, EV_READ, stop_cb, loop);
    if (loop->timer == NULL || loop->stop_event == NULL) {
      destroy(client);
      return report_error(RB_ERR_SYSTEM, err, err_len, "event_new failed");
    }
  }
  *state = client;
  return RB_OK;
}

/* Creates and connects every session on its loop; one that fails at once is a connect
 * failure. Runs before any loop thread starts, so no base is shared. */
static void connect_all(struct lc_client* client) {
  for (uint32_t i = 0; i < client->base.params.sessions; ++i) {
    struct lc_session* session = &client->sessions[i];
    struct lc_loop* loop = &client->loops[i % client->base.loop_count];
    session->loop = loop;
    session->index = i;
    session->state = kConnecting;
    session->bev = bufferevent_socket_new(loop->base, -1, BEV_OPT_CLOSE_ON_FREE);
    if (session->bev == NULL) {
      loop->state.counts.connect_failures++;
      continue;
    }
    loop->state.open++;
    bufferevent_setcb(session->bev, read_cb, write_cb, event_cb, session);
    bufferevent_enable(session->bev, EV_READ | EV_WRITE);
    if (bufferevent_socket_connect(session->bev, (struct sockaddr*)&client->base.server,
                                   sizeof client->base.server) != 0) {
      loop->state.open--;
      loop->state.counts.connect_failures++;
      bufferevent_free(session->bev);
      session->bev = NULL;
    }
  }
}

static int run(void* state, char* err, size_t err_len) {
  struct lc_client* client = state;
  /* Session state is made here, not in prepare, so it counts as per-connection memory. */
  client->sessions = calloc(client->base.params.sessions, sizeof *client->sessions);
  if (client->sessions == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  const uint64_t duration_ms = client->base.params.duration_ms;
  const struct timeval duration = {(time_t)(duration_ms / 1000),
                                   (suseconds_t)(duration_ms % 1000) * 1000};
  for (uint32_t i = 0; i < client->base.loop_count; ++i) {
    event_add(client->loops[i].timer, &duration);
    event_add(client->loops[i].stop_event, NULL);
  }
  connect_all(client);
  if (run_loop_threads(client->loops, sizeof *client->loops, client->base.loop_count, loop_main,
                       NULL, NULL) != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create failed");
  return pingpong_client_stop_result(&client->loops[0].state, sizeof *client->loops,
                                     client->base.loop_count, err, err_len);
}

static int counters(void* state, const rb_counter_sink* sink, char* err, size_t err_len) {
  const struct lc_client* client = state;
  const int rc = counters_check(client, sink, err, err_len);
  if (rc != RB_OK) return rc;
  pingpong_client_put_counters(sink, &client->loops[0].state, sizeof *client->loops,
                               client->base.loop_count);
  return RB_OK;
}

static void release(void* state) {
  destroy(state);
}

const rb_pingpong_client_ops libevent2_pingpong_client_ops =
    RB_PINGPONG_CLIENT_OPS(prepare, run, counters, release);
