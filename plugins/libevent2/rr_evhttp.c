/* F_DUPFD_CLOEXEC */
#define _GNU_SOURCE

#include <errno.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/http.h>
#include <event2/http_struct.h>
#include <event2/keyvalq_struct.h>
#include <event2/listener.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "error_message.h"
#include "output_high_water.h"
#include "pingpong_base.h"
#include "reactorbench/http_request.h"
#include "rr_variant.h"
#include "server_acceptor.h"

/* http = evhttp: libevent's own HTTP server, one evhttp per event_base, each accepting on a
 * dup of the host's socket (evhttp_accept_socket_with_handle closes the fd it is given when the
 * evhttp is freed, and the host owns its socket). A generic callback answers 200 with body_size
 * bytes of the rb_http_body_byte pattern, an explicit Content-Length, and Connection: close
 * where evhttp would close without saying so; evhttp itself honours Connection: close and
 * HTTP/1.0 without keep-alive. Where this differs from the servers on the shared parser, all of
 * it evhttp's doing:
 *  - its responses carry its own headers (Date on HTTP/1.1, Connection: keep-alive for an
 *    HTTP/1.0 keep-alive request), an HTTP/1.0 request gets an HTTP/1.0 status line, and its
 *    400 is an HTML page;
 *  - a request evhttp cannot parse (a bad request-line or field line, a head over
 *    RB_HTTP_MAX_HEAD bytes) gets evhttp's own 400 without reaching the callback; no evhttp
 *    hook of libevent 2.1 reports it, so 400s are counted by watching each connection's output
 *    (count_bad_requests). The callback answers 400 to what evhttp accepts and the shared
 *    parser does not: a method other than GET, a request with a body, an HTTP/1.1 request
 *    without exactly one Host. A method evhttp does not know at all gets its 501, which is
 *    neither a 200 nor a 400 and so counted nowhere;
 *  - every evhttp accepts by itself, so with threads > 1 the kernel, not a round-robin, picks
 *    the loop of a connection, and the calling thread only waits for stop_fd;
 *  - evhttp gives no hook between accept and its first write, so TCP_NODELAY is set on the
 *    listening socket, whose accepted sockets inherit it (Linux). */

struct evhttp_loop {
  struct event_base* base;
  struct evhttp* http;
  struct event* stop_event; /* on stop_fd (threads == 1) or the server's quit_fd */
  pthread_t thread;
  const char* body;
  size_t body_size;
  const char* content_length;
  uint64_t connections;
  struct server_counts counts;     /* requests and bad_requests */
  struct server_acceptor refusals; /* on this loop's dup of the listening socket */
};

struct evhttp_server {
  int stop_fd;
  int quit_fd; /* threads > 1: the calling thread's word to the loops to stop */
  uint32_t threads;
  struct evhttp_loop* loops;
  char* body;
  char content_length[16];
};

/* Every response evhttp writes starts with its status line, added to the output in one piece:
 * watching the output counts every 400, the callback's and those of evhttp's own parser, which
 * never reach the callback and which no evhttp hook of libevent 2.1 reports. */
static void count_bad_requests(struct evbuffer* output, const struct evbuffer_cb_info* info,
                               void* arg) {
  char start[sizeof "HTTP/1.x 400 " - 1];
  struct evbuffer_ptr at;
  struct evbuffer_iovec chunks[2];
  if (info->n_added < sizeof start || info->n_deleted != 0) return;
  if (evbuffer_ptr_set(output, &at, info->orig_size, EVBUFFER_PTR_SET) != 0) return;
  /* evbuffer_peek, not evbuffer_copyout_from: the latter refuses while the bufferevent keeps
   * the output's front frozen. */
  const int found = evbuffer_peek(output, sizeof start, &at, chunks, 2);
  size_t copied = 0;
  for (int i = 0; i < found && i < 2 && copied < sizeof start; ++i) {
    const size_t take =
        chunks[i].iov_len < sizeof start - copied ? chunks[i].iov_len : sizeof start - copied;
    memcpy(start + copied, chunks[i].iov_base, take);
    copied += take;
  }
  if (copied == sizeof start && memcmp(start, "HTTP/1.", 7) == 0 &&
      memcmp(start + 8, " 400 ", 5) == 0) {
    struct evhttp_loop* loop = arg;
    loop->counts.bad_requests++;
  }
}

/* evhttp calls this once per accepted connection: where connections are counted, the output
 * is watched and the input is bounded. evhttp answers one request at a time but reads on while
 * it writes, so what grows with a client that pipelines and never reads is the input: above
 * the high-water mark the bufferevent stops reading until evhttp has taken requests from it. */
static struct bufferevent* new_bufferevent(struct event_base* base, void* arg) {
  struct evhttp_loop* loop = arg;
  loop->connections++;
  /* What evhttp makes without this callback: no fd yet, and evhttp closes the socket. */
  struct bufferevent* bev = bufferevent_socket_new(base, -1, 0);
  if (bev == NULL) return NULL;
  evbuffer_add_cb(bufferevent_get_output(bev), count_bad_requests, loop);
  bufferevent_setwatermark(bev, EV_READ, 0, RB_OUTPUT_HIGH_WATER);
  return bev;
}

static int count_fields(const struct evkeyvalq* fields, const char* name) {
  int n = 0;
  for (const struct evkeyval* field = fields->tqh_first; field != NULL;
       field = field->next.tqe_next)
    n += strcasecmp(field->key, name) == 0;
  return n;
}

/* The checks of the shared parser that evhttp does not make itself. */
static int acceptable(struct evhttp_request* req) {
  const struct evkeyvalq* fields = evhttp_request_get_input_headers(req);
  if (evhttp_request_get_command(req) != EVHTTP_REQ_GET) return 0;
  if (req->major == 1 && req->minor >= 1 && count_fields(fields, "Host") != 1) return 0;
  return count_fields(fields, "Transfer-Encoding") == 0 &&
         evbuffer_get_length(evhttp_request_get_input_buffer(req)) == 0;
}

/* evhttp closes after an HTTP/1.0 request without keep-alive but does not say so; the load
 * generator, like any client, is told. */
static int http10_without_keep_alive(struct evhttp_request* req) {
  const char* connection = evhttp_find_header(evhttp_request_get_input_headers(req), "Connection");
  return req->major == 1 && req->minor == 0 &&
         (connection == NULL || strncasecmp(connection, "keep-alive", 10) != 0);
}

static void on_request(struct evhttp_request* req, void* arg) {
  struct evhttp_loop* loop = arg;
  if (!acceptable(req)) {
    evhttp_send_error(req, HTTP_BADREQUEST, NULL);
    return;
  }
  struct evkeyvalq* fields = evhttp_request_get_output_headers(req);
  evhttp_add_header(fields, "Content-Length", loop->content_length);
  if (http10_without_keep_alive(req)) evhttp_add_header(fields, "Connection", "close");
  if (evbuffer_add_reference(evhttp_request_get_output_buffer(req), loop->body, loop->body_size,
                             NULL, NULL) != 0) {
    evhttp_send_error(req, HTTP_INTERNAL, NULL);
    return;
  }
  evhttp_send_reply(req, HTTP_OK, "OK", NULL);
  loop->counts.requests++;
}

static void stop_cb(evutil_socket_t fd, short events, void* arg) {
  (void)fd, (void)events;
  event_base_loopbreak(arg);
}

/* evhttp's listener leaves a connection it could not accept pending, so out of descriptors
 * every poll would return at once: it is refused (server_acceptor.h). Other errors are left
 * to evhttp, which logs them and keeps listening. */
static _Thread_local struct evhttp_loop* serving_loop; /* the loop this thread dispatches */

static void on_accept_error(struct evconnlistener* listener, void* arg) {
  (void)listener, (void)arg;
  if ((errno == EMFILE || errno == ENFILE) && serving_loop != NULL)
    server_acceptor_refuse(&serving_loop->refusals);
}

static void dispatch(struct evhttp_loop* loop) {
  serving_loop = loop;
  event_base_dispatch(loop->base);
  serving_loop = NULL;
}

static void* worker_main(void* arg) {
  dispatch(arg);
  return NULL;
}

/* Frees every connection now (evhttp closes their sockets itself); one more pass of the
 * stopped loop runs what libevent deferred. */
static void free_http(struct evhttp_loop* loop) {
  if (loop->http == NULL) return;
  evhttp_free(loop->http);
  loop->http = NULL;
  event_base_loop(loop->base, EVLOOP_NONBLOCK);
}

static void http_stack_close(void* state) {
  struct evhttp_server* server = state;
  for (uint32_t i = 0; server->loops != NULL && i < server->threads; ++i) {
    struct evhttp_loop* loop = &server->loops[i];
    if (loop->base != NULL) free_http(loop);
    if (loop->stop_event != NULL) event_free(loop->stop_event);
    if (loop->base != NULL) event_base_free(loop->base);
    server_acceptor_close(&loop->refusals);
  }
  if (server->quit_fd >= 0) close(server->quit_fd);
  free(server->loops);
  free(server->body);
}

static int init_loop(struct evhttp_server* server, struct evhttp_loop* loop, int listen_fd,
                     const struct loop_options* options, char* err, size_t err_len) {
  loop->body = server->body;
  loop->content_length = server->content_length;
  loop->base = pingpong_new_base(options, err, err_len);
  if (loop->base == NULL) return -1;
  loop->http = evhttp_new(loop->base);
  if (loop->http == NULL) {
    report_error(RB_ERR_SYSTEM, err, err_len, "evhttp_new failed");
    return -1;
  }
  evhttp_set_gencb(loop->http, on_request, loop);
  evhttp_set_bevcb(loop->http, new_bufferevent, loop);
  evhttp_set_default_content_type(loop->http, NULL);
  evhttp_set_max_headers_size(loop->http, RB_HTTP_MAX_HEAD);
  const int own_fd = fcntl(listen_fd, F_DUPFD_CLOEXEC, 0);
  if (own_fd < 0) {
    report_error(RB_ERR_SYSTEM, err, err_len, "dup of the listening socket: %s", strerror(errno));
    return -1;
  }
  struct evhttp_bound_socket* bound = evhttp_accept_socket_with_handle(loop->http, own_fd);
  if (bound == NULL) {
    close(own_fd);
    report_error(RB_ERR_SYSTEM, err, err_len, "evhttp_accept_socket_with_handle failed");
    return -1;
  }
  server_acceptor_init(&loop->refusals, own_fd);
  evconnlistener_set_error_cb(evhttp_bound_socket_get_listener(bound), on_accept_error);
  const int watched = server->threads == 1 ? server->stop_fd : server->quit_fd;
  loop->stop_event = event_new(loop->base, watched, EV_READ, stop_cb, loop->base);
  if (loop->stop_event == NULL || event_add(loop->stop_event, NULL) != 0) {
    report_error(RB_ERR_SYSTEM, err, err_len, "cannot watch the stop fd");
    return -1;
  }
  return 0;
}

static int http_stack_open(void* state, const void* protocol, const struct server_setup* setup,
                           const rb_option_value* values, char* err, size_t err_len) {
  (void)protocol;
  struct evhttp_server* server = state;
  struct loop_options loop_options;
  const int rc = loop_options_from(values, &loop_options, err, err_len);
  if (rc != RB_OK) return rc;
  server->stop_fd = setup->stop_fd;
  server->quit_fd = -1;
  server->threads = setup->threads;
  server->loops = calloc(server->threads, sizeof *server->loops);
  server->body = malloc(setup->body_size > 0 ? setup->body_size : 1);
  if (server->loops == NULL || server->body == NULL) {
    http_stack_close(server);
    return report_error(RB_ERR_SYSTEM, err, err_len,
                        "out of memory for %u loops and a %u-byte body", setup->threads,
                        setup->body_size);
  }
  for (uint32_t i = 0; i < setup->body_size; ++i) server->body[i] = rb_http_body_byte(i);
  for (uint32_t i = 0; i < server->threads; ++i) {
    server->loops[i].body_size = setup->body_size;
    server->loops[i].refusals.spare_fd = -1; /* until init_loop opens it */
  }
  snprintf(server->content_length, sizeof server->content_length, "%u", setup->body_size);
  const int one = 1;
  int ok = setsockopt(setup->listen_fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one) == 0;
  if (!ok) report_error(RB_ERR_SYSTEM, err, err_len, "TCP_NODELAY: %s", strerror(errno));
  if (ok && server->threads > 1) {
    server->quit_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    ok = server->quit_fd >= 0;
    if (!ok) report_error(RB_ERR_SYSTEM, err, err_len, "eventfd: %s", strerror(errno));
  }
  for (uint32_t i = 0; ok && i < server->threads; ++i)
    ok = init_loop(server, &server->loops[i], setup->listen_fd, &loop_options, err, err_len) == 0;
  if (!ok) {
    http_stack_close(server);
    return RB_ERR_SYSTEM;
  }
  return RB_OK;
}

/* threads > 1: every loop serves in its own thread; this one waits for stop_fd. */
static int serve_with_workers(struct evhttp_server* server, char* err, size_t err_len) {
  int rc = RB_OK;
  uint32_t started = 0;
  for (; started < server->threads; ++started) {
    if (pthread_create(&server->loops[started].thread, NULL, worker_main,
                       &server->loops[started]) != 0) {
      rc = report_error(RB_ERR_SYSTEM, err, err_len, "pthread_create failed");
      break;
    }
  }
  struct pollfd stop = {.fd = server->stop_fd, .events = POLLIN};
  while (rc == RB_OK && poll(&stop, 1, -1) < 0) {
    if (errno != EINTR) rc = report_error(RB_ERR_SYSTEM, err, err_len, "poll: %s", strerror(errno));
  }
  const uint64_t one = 1;
  if (write(server->quit_fd, &one, sizeof one) < 0 && rc == RB_OK)
    rc = report_error(RB_ERR_SYSTEM, err, err_len, "waking the loops: %s", strerror(errno));
  for (uint32_t i = 0; i < started; ++i) pthread_join(server->loops[i].thread, NULL);
  return rc;
}

static int http_stack_serve(void* state, char* err, size_t err_len) {
  struct evhttp_server* server = state;
  int rc = RB_OK;
  if (server->threads == 1)
    dispatch(&server->loops[0]);
  else
    rc = serve_with_workers(server, err, err_len);
  for (uint32_t i = 0; i < server->threads; ++i) free_http(&server->loops[i]);
  return rc;
}

static void http_stack_count(const void* state, struct server_totals* totals) {
  const struct evhttp_server* server = state;
  for (uint32_t i = 0; i < server->threads; ++i) {
    const struct evhttp_loop* loop = &server->loops[i];
    server_totals_add(totals, loop->connections, loop->refusals.refused, &loop->counts,
                      sizeof *loop, 1);
  }
}

const struct server_kind libevent2_rr_evhttp =
    SERVER_OWN_KIND(struct evhttp_server, http_stack, kLibevent2Options);
