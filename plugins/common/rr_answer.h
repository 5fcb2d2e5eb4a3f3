#ifndef RB_PLUGIN_COMMON_RR_ANSWER_H
#define RB_PLUGIN_COMMON_RR_ANSWER_H

#include <stddef.h>

#include "reactorbench/http_request.h"
#include "server_shell.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What an rr server sends for one request: one of the server's canned responses (they live as
 * long as the server, so a library may send them by reference), and whether the connection
 * ends once it is out. */
struct rr_answer {
  const char* data;
  size_t len;
  int last; /* a 400, or a request without keep-alive: read no more, close once sent */
};

/* The per-connection loop of http_request.h, without the sending: parses *data[0..*len) on
 * and sets *answer for the next complete request, passing over the bytes used; 1 then, 0 once
 * every byte is used and no request is complete. A malformed request is answered 400
 * (counted in bad_requests), every other one 200 (counted in requests). A server calls it
 * until it returns 0 or an answer is `last`, sending each answer in order (pipelining).
 * Inline: it runs per request. */
static inline int rr_next_answer(rb_http_parser* parser, const rb_http_responses* responses,
                                 const char** data, size_t* len, struct server_counts* counts,
                                 struct rr_answer* answer) {
  size_t used = 0;
  const int rc = *len > 0 ? rb_http_parse(parser, *data, *len, &used) : RB_HTTP_NEED_MORE;
  *data += used;
  *len -= used;
  if (rc == RB_HTTP_NEED_MORE) return 0;
  if (rc == RB_HTTP_BAD) {
    counts->bad_requests++;
    *answer = (struct rr_answer){RB_HTTP_400, RB_HTTP_400_LEN, 1};
    return 1;
  }
  counts->requests++;
  answer->data = rb_http_response(responses, parser->keep_alive, &answer->len);
  answer->last = !parser->keep_alive;
  return 1;
}

#ifdef __cplusplus
}
#endif

#endif
