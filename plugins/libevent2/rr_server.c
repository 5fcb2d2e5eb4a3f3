#include "rr_server.h"

#include <stdlib.h>

#include "error_message.h"
#include "options.h"
#include "rr_variant.h"
#include "sigpipe_guard.h"

/* The server of the variant the http option picks. */
struct rr_choice {
  const struct server_kind* variant;
  void* server;
};

static int open_choice(void* state, const void* protocol, const struct server_setup* setup,
                       const rb_option* options, uint32_t option_count, char* err, size_t err_len) {
  (void)protocol;
  struct rr_choice* choice = state;
  struct rr_options parsed;
  int rc = parse_rr_options(options, option_count, &parsed, err, err_len);
  if (rc != RB_OK) return rc;
  choice->variant = parsed.use_evhttp ? &libevent2_rr_evhttp : &libevent2_rr_bufferevent;
  choice->server = calloc(1, choice->variant->size);
  if (choice->server == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  rc = choice->variant->open(choice->server, choice->variant->protocol, setup, options,
                             option_count, err, err_len);
  if (rc != RB_OK) free(choice->server);
  return rc;
}

static int serve_choice(void* state, char* err, size_t err_len) {
  struct rr_choice* choice = state;
  struct sigpipe_guard guard;
  sigpipe_guard_enter(&guard);
  const int rc = choice->variant->serve(choice->server, err, err_len);
  sigpipe_guard_leave(&guard);
  return rc;
}

static void count_choice(const void* state, struct server_totals* totals) {
  const struct rr_choice* choice = state;
  choice->variant->count(choice->server, totals);
}

static void close_choice(void* state) {
  struct rr_choice* choice = state;
  choice->variant->close(choice->server);
  free(choice->server);
}

static const struct server_kind kChoice = {
    sizeof(struct rr_choice), NULL, open_choice, serve_choice, count_choice, NULL, close_choice};

RB_SERVER_SHELL(rr, libevent2_rr_server_ops, kChoice);
