/* reactorbench HTTP/1.1 request parsing and canned responses for the rr workload.
 *
 * Header-only C (every function static inline) so any plugin, C or C++, ours or a third
 * party's built against the installed SDK, serves exactly the protocol the host's load
 * generator speaks, and a plugin's rr numbers measure its event loop rather than its HTTP
 * code. A plugin may use its own parser instead as long as it keeps these rules.
 *
 * Protocol (plugin.h, workload rr):
 *  - request-line `GET SP target SP HTTP/1.x CRLF`, header fields `name: value CRLF`, an
 *    empty line. Bare LF is accepted for CRLF; empty lines before the request-line are
 *    skipped (RFC 9112 2.2).
 *  - Only GET is served. Any other method, a request with a body (Content-Length other than
 *    0, or any Transfer-Encoding), an HTTP/1.1 request without exactly one Host field, a
 *    version other than HTTP/1.x, whitespace before a field's colon, obsolete line folding,
 *    a control character, a head longer than RB_HTTP_MAX_HEAD bytes or with more than
 *    RB_HTTP_MAX_FIELDS fields: the request is bad, answered with RB_HTTP_400 and a close.
 *  - Keep-alive: HTTP/1.1 unless `Connection: close`; HTTP/1.0 only with
 *    `Connection: keep-alive` (ab -k). Connection is a comma-separated, case-insensitive
 *    token list.
 *
 * Use, per connection:
 *   rb_http_parser parser; rb_http_parser_init(&parser);
 *   on every read of (data, len):
 *     while (len > 0) {
 *       size_t used; int rc = rb_http_parse(&parser, data, len, &used);
 *       data += used; len -= used;
 *       if (rc == RB_HTTP_NEED_MORE) break;
 *       if (rc == RB_HTTP_BAD) { send RB_HTTP_400; close once it is sent; stop reading; }
 *       else { send rb_http_response(&responses, parser.keep_alive, &n);
 *              if (!parser.keep_alive) { close once it is sent; stop reading; } }
 *     }
 * The next call after a complete request starts on the next request by itself.
 */
#ifndef REACTORBENCH_HTTP_REQUEST_H
#define REACTORBENCH_HTTP_REQUEST_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  RB_HTTP_MAX_HEAD = 8192, /* request-line + fields + the empty line, in bytes */
  RB_HTTP_MAX_FIELDS = 64
};

/* rb_http_parse results. */
enum {
  RB_HTTP_NEED_MORE = 0, /* every byte given was consumed; the request is not complete yet */
  RB_HTTP_REQUEST = 1,   /* one complete, valid GET head ends at *consumed */
  RB_HTTP_BAD = 2        /* malformed: answer RB_HTTP_400 and close; the parser stays bad */
};

#define RB_HTTP_400 "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
#define RB_HTTP_400_LEN (sizeof(RB_HTTP_400) - 1)

/* Per-connection parser state. Plain data: zeroing it (rb_http_parser_init) is a reset. */
typedef struct rb_http_parser {
  /* After RB_HTTP_REQUEST: whether the connection stays open after the response. */
  int keep_alive;
  /* The rest is private to the parser. */
  uint32_t state;
  uint32_t head_bytes;
  uint32_t fields;
  uint32_t token_len; /* bytes kept in token[] of the method, field name or field value */
  uint32_t field;     /* which field the current value belongs to */
  uint32_t flags;
  uint32_t version_minor;
  uint32_t host_fields;
  char token[64];
} rb_http_parser;

static inline void rb_http_parser_init(rb_http_parser* parser) {
  memset(parser, 0, sizeof *parser);
}

/* Consumes bytes of data[0, len) up to the end of one request head, or all of them.
 * *consumed is set in every case (for RB_HTTP_BAD, the bytes up to the offending one). */
static inline int rb_http_parse(rb_http_parser* parser, const char* data, size_t len,
                                size_t* consumed);

/* The two 200 responses for one body size: built once, sent many times. */
typedef struct rb_http_responses {
  char* keep_alive; /* ... "Connection: keep-alive" ... body */
  size_t keep_alive_len;
  char* close; /* ... "Connection: close" ... body */
  size_t close_len;
} rb_http_responses;

/* The body is body_size bytes of "okok...". Returns 0, or -1 when out of memory. */
static inline int rb_http_responses_init(rb_http_responses* responses, uint32_t body_size);
static inline void rb_http_responses_free(rb_http_responses* responses);
static inline const char* rb_http_response(const rb_http_responses* responses, int keep_alive,
                                           size_t* len);

/* The body byte at offset i: what the load generator checks. */
static inline char rb_http_body_byte(uint64_t i) {
  return (i & 1) ? 'k' : 'o';
}

#ifdef __cplusplus
}
#endif

#include "reactorbench/http_request_impl.h"

#endif /* REACTORBENCH_HTTP_REQUEST_H */
