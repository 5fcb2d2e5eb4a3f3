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

static int choice_open(void* state, const void* protocol, const struct server_setup* setup,
                       const rb_option_value* values, char* err, size_t err_len) {
  (void)protocol;
  struct rr_choice* choice = state;
  choice->variant = uses_evhttp(values) ? &libevent2_rr_evhttp : &libevent2_rr_bufferevent;
  choice->server = calloc(1, choice->variant->size);
  if (choice->server == NULL) return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory");
  const int rc =
      choice->variant->open(choice->server, choice->variant->protocol, setup, values, err, err_len);
  if (rc != RB_OK) free(choice->server);
  return rc;
}

static int choice_serve(void* state, char* err, size_t err_len) {
  struct rr_choice* choice = state;
  struct sigpipe_guard guard;
  sigpipe_guard_enter(&guard);
  const int rc = choice->variant->serve(choice->server, err, err_len);
  sigpipe_guard_leave(&guard);
  return rc;
}

static void choice_count(const void* state, struct server_totals* totals) {
  const struct rr_choice* choice = state;
  choice->variant->count(choice->server, totals);
}

static void choice_close(void* state) {
  struct rr_choice* choice = state;
  choice->variant->close(choice->server);
  free(choice->server);
}

static const struct server_kind kChoice =
    SERVER_OWN_KIND(struct rr_choice, choice, kLibevent2Options);

RB_SERVER_SHELL(rr, libevent2_rr_server_ops, kChoice);
