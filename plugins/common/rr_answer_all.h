#ifndef RB_PLUGIN_COMMON_RR_ANSWER_ALL_H
#define RB_PLUGIN_COMMON_RR_ANSWER_ALL_H

#include <stddef.h>

#include "held_input.h"
#include "out_buffer.h"
#include "output_high_water.h"
#include "rr_answer.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A connection as the answering loop sees it, whichever event loop owns it. */
struct rr_conn_io {
  int fd;
  int* closing; /* set once an answer is `last` */
  struct out_buffer* out;
  struct held_input* held;
};

/* Answers the complete requests in data[0..len), in order (pipelining), until one ends the
 * connection or the output waiting goes above the high-water mark, and holds what it did not
 * look at (data may be what is held). `each_answer` (NULL: none) runs once per request before
 * its answer is sent: raw-epoll's simulated work. 0, or -1 when the connection must be closed
 * (a send or the holding failed). Inline: it runs per read, and a constant `each_answer` folds
 * into the loop. */
static inline int rr_answer_all(rb_http_parser* parser, const rb_http_responses* responses,
                                struct server_counts* counts, struct rr_conn_io conn,
                                const char* data, size_t len, void (*each_answer)(const void*),
                                const void* each_answer_arg) {
  struct rr_answer answer;
  while (!*conn.closing && !rb_output_above_high_water(conn.out->length) &&
         rr_next_answer(parser, responses, &data, &len, counts, &answer)) {
    if (each_answer != NULL) each_answer(each_answer_arg);
    *conn.closing = answer.last;
    if (out_buffer_send(conn.fd, conn.out, answer.data, answer.len, &counts->bytes_written) != 0)
      return -1;
  }
  return held_input_keep(conn.held, data, *conn.closing ? 0 : len) == 0 ? 0 : -1;
}

#ifdef __cplusplus
}
#endif

#endif
