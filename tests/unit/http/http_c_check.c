/* Compiled as C11 on purpose: C plugins include the header this way. */
#include "http_c_check.h"

#include <reactorbench/http_request.h>

int rb_http_c_count_requests(const char* data, size_t len, int* bad, int* last_keep_alive) {
  rb_http_parser parser;
  int requests = 0;
  size_t i;
  rb_http_parser_init(&parser);
  *bad = 0;
  *last_keep_alive = 0;
  for (i = 0; i < len;) {
    size_t used = 0;
    const int rc = rb_http_parse(&parser, data + i, 1, &used);
    i += used;
    if (rc == RB_HTTP_BAD) {
      *bad = 1;
      break;
    }
    if (rc == RB_HTTP_REQUEST) {
      requests++;
      *last_keep_alive = parser.keep_alive;
    }
  }
  return requests;
}

size_t rb_http_c_response(uint32_t body_size, int keep_alive, char* out, size_t cap) {
  rb_http_responses responses;
  const char* bytes;
  size_t len = 0;
  if (rb_http_responses_init(&responses, body_size) != 0) return 0;
  bytes = rb_http_response(&responses, keep_alive, &len);
  if (len > cap) len = 0;
  memcpy(out, bytes, len);
  rb_http_responses_free(&responses);
  return len;
}
