/* reactorbench: the implementation of <reactorbench/http_request.h>, which includes it.
 *
 * The parser is a byte-at-a-time state machine whose whole state lives in rb_http_parser, so
 * any split of the same bytes into reads gives the same results at the same stream offsets;
 * it never allocates and never looks past data + len. A few tight loops skip over runs of
 * bytes nobody needs to look at (the request-target, values of fields we ignore); they
 * stop at the same byte the one-byte path would.
 *
 * The rules of http_request.h, made exact:
 *  - The method is exactly "GET" (case-sensitive); one SP; a non-empty request-target of
 *    visible ASCII (0x21-0x7E); one SP; "HTTP/1." and one digit (1.0 is 1.0, 1.1 to 1.9 are
 *    1.1); the line end. Anything else on the request-line is bad.
 *  - A field name is one or more tchar (RFC 9110 5.6.2) and ends at its colon; a line that
 *    starts with SP or HTAB (obsolete line folding) is bad. A value may hold HTAB, SP, visible
 *    ASCII and bytes 0x80-0xFF. CR is accepted only right before LF, anywhere a line may end.
 *  - Host is counted (HTTP/1.1 needs exactly one; 1.0 is not checked). Content-Length must
 *    be digits that are all '0' (OWS around them); any Transfer-Encoding field is bad.
 *    Connection: every comma-separated element, OWS trimmed, compared case-insensitively
 *    with "close" and "keep-alive"; close wins when both appear.
 *  - Every byte from the first one of a request (skipped empty lines included) up to and
 *    including the LF of its empty line counts against RB_HTTP_MAX_HEAD; a field line beyond
 *    the RB_HTTP_MAX_FIELDS-th is bad at its first byte.
 *  - RB_HTTP_BAD's *consumed is the offset of the byte that made the request bad: the LF of
 *    the empty line for a missing Host; the colon of a Transfer-Encoding or second Host
 *    field (HTTP/1.1); the LF ending an empty Content-Length.
 */
#ifndef REACTORBENCH_HTTP_REQUEST_IMPL_H
#define REACTORBENCH_HTTP_REQUEST_IMPL_H

#include "reactorbench/http_request.h"

#ifdef __cplusplus
extern "C" {
#endif

/* rb_http_parser.state. Zero is the start, so rb_http_parser_init is a reset. */
enum {
  RB_HTTPI_START = 0,    /* before the request-line: empty lines are skipped */
  RB_HTTPI_METHOD,       /* token_len bytes of "GET" matched */
  RB_HTTPI_TARGET_START, /* after the method's SP */
  RB_HTTPI_TARGET,       /* inside the request-target */
  RB_HTTPI_VERSION,      /* token_len bytes of "HTTP/1." matched, then the minor digit */
  RB_HTTPI_LINE_END,     /* after the minor digit: only the line end */
  RB_HTTPI_FIELD_START,  /* the first byte of a field line, or of the empty line */
  RB_HTTPI_NAME,         /* the name (lower-cased) is in token[] */
  RB_HTTPI_VALUE,        /* after the colon; field says whose value it is */
  RB_HTTPI_DONE,         /* a head was returned: the next byte starts the next request */
  RB_HTTPI_BAD           /* sticks until rb_http_parser_init */
};

/* rb_http_parser.field: the fields whose values matter. */
enum {
  RB_HTTPI_OTHER = 0,
  RB_HTTPI_HOST,
  RB_HTTPI_CONNECTION,
  RB_HTTPI_CONTENT_LENGTH,
  RB_HTTPI_TRANSFER_ENCODING
};

/* rb_http_parser.flags. */
enum {
  RB_HTTPI_CR = 1u << 0,         /* a CR was read: only LF may follow */
  RB_HTTPI_CLOSE = 1u << 1,      /* Connection listed close */
  RB_HTTPI_KEEP_ALIVE = 1u << 2, /* Connection listed keep-alive */
  RB_HTTPI_CONTENT = 1u << 3,    /* the value (or list element) has non-OWS bytes */
  RB_HTTPI_TRAILING = 1u << 4,   /* OWS came after them: more content means inner OWS */
  RB_HTTPI_INNER_WS = 1u << 5,   /* this Connection element has inner OWS: matches nothing */
  RB_HTTPI_PER_VALUE = RB_HTTPI_CONTENT | RB_HTTPI_TRAILING | RB_HTTPI_INNER_WS
};

static inline int rb_httpi_is_tchar(unsigned char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return 1;
  switch (c) {
    case '!':
    case '#':
    case '$':
    case '%':
    case '&':
    case '\'':
    case '*':
    case '+':
    case '-':
    case '.':
    case '^':
    case '_':
    case '`':
    case '|':
    case '~':
      return 1;
    default:
      return 0;
  }
}

static inline int rb_httpi_is_target_byte(unsigned char c) {
  return c > 0x20 && c < 0x7F;
}

static inline int rb_httpi_is_value_byte(unsigned char c) {
  return c == '\t' || (c >= 0x20 && c != 0x7F);
}

static inline int rb_httpi_is_ows(unsigned char c) {
  return c == ' ' || c == '\t';
}

static inline unsigned char rb_httpi_lower(unsigned char c) {
  return (c >= 'A' && c <= 'Z') ? (unsigned char)(c - 'A' + 'a') : c;
}

/* Whether token[] holds exactly the lower-case word (token_len may exceed what was kept). */
static inline int rb_httpi_token_is(const rb_http_parser* parser, const char* word) {
  size_t n = strlen(word);
  return parser->token_len == n && memcmp(parser->token, word, n) == 0;
}

/* Keeps one lower-cased byte of a name or list element; longer ones only count, since no
 * word we look for is anywhere near sizeof token bytes. */
static inline void rb_httpi_keep(rb_http_parser* parser, unsigned char c) {
  if (parser->token_len < sizeof parser->token)
    parser->token[parser->token_len] = (char)rb_httpi_lower(c);
  parser->token_len++;
}

static inline uint32_t rb_httpi_field_of_name(const rb_http_parser* parser) {
  if (rb_httpi_token_is(parser, "host")) return RB_HTTPI_HOST;
  if (rb_httpi_token_is(parser, "connection")) return RB_HTTPI_CONNECTION;
  if (rb_httpi_token_is(parser, "content-length")) return RB_HTTPI_CONTENT_LENGTH;
  if (rb_httpi_token_is(parser, "transfer-encoding")) return RB_HTTPI_TRANSFER_ENCODING;
  return RB_HTTPI_OTHER;
}

/* The end of one Connection list element (a comma or the end of the value). */
static inline void rb_httpi_end_connection_element(rb_http_parser* parser) {
  if (!(parser->flags & RB_HTTPI_INNER_WS)) {
    if (rb_httpi_token_is(parser, "close")) parser->flags |= RB_HTTPI_CLOSE;
    if (rb_httpi_token_is(parser, "keep-alive")) parser->flags |= RB_HTTPI_KEEP_ALIVE;
  }
  parser->flags &= ~(uint32_t)RB_HTTPI_PER_VALUE;
  parser->token_len = 0;
}

/* One byte of a Connection value other than the line end. */
static inline void rb_httpi_connection_byte(rb_http_parser* parser, unsigned char c) {
  if (c == ',') {
    rb_httpi_end_connection_element(parser);
  } else if (rb_httpi_is_ows(c)) {
    if (parser->flags & RB_HTTPI_CONTENT) parser->flags |= RB_HTTPI_TRAILING;
  } else {
    if (parser->flags & RB_HTTPI_TRAILING) parser->flags |= RB_HTTPI_INNER_WS;
    parser->flags |= RB_HTTPI_CONTENT;
    rb_httpi_keep(parser, c);
  }
}

/* One byte of a Content-Length value other than the line end; 0 when it makes it bad. */
static inline int rb_httpi_content_length_byte(rb_http_parser* parser, unsigned char c) {
  if (rb_httpi_is_ows(c)) {
    if (parser->flags & RB_HTTPI_CONTENT) parser->flags |= RB_HTTPI_TRAILING;
    return 1;
  }
  if (c != '0' || (parser->flags & RB_HTTPI_TRAILING)) return 0;
  parser->flags |= RB_HTTPI_CONTENT;
  return 1;
}

/* The LF of the empty line: the head is complete; 0 when it is bad. */
static inline int rb_httpi_end_head(rb_http_parser* parser) {
  const int http11 = parser->version_minor >= 1;
  if (http11 && parser->host_fields != 1) return 0;
  if (parser->flags & RB_HTTPI_CLOSE)
    parser->keep_alive = 0;
  else
    parser->keep_alive = http11 || (parser->flags & RB_HTTPI_KEEP_ALIVE) != 0;
  parser->state = RB_HTTPI_DONE;
  return 1;
}

static inline int rb_httpi_bad(rb_http_parser* parser, size_t at, size_t* consumed) {
  parser->state = RB_HTTPI_BAD;
  parser->keep_alive = 0;
  *consumed = at;
  return RB_HTTP_BAD;
}

static inline int rb_http_parse(rb_http_parser* parser, const char* data, size_t len,
                                size_t* consumed) {
  const unsigned char* bytes = (const unsigned char*)data;
  size_t i = 0;
  if (parser->state == RB_HTTPI_BAD) return rb_httpi_bad(parser, 0, consumed);
  if (parser->state == RB_HTTPI_DONE) rb_http_parser_init(parser);

  while (i < len) {
    const size_t room = (size_t)(RB_HTTP_MAX_HEAD - parser->head_bytes);
    /* Bytes [i, end) may join the head in this step: the read and the limit both bound it. */
    const size_t end = len - i < room ? len : i + room;
    const unsigned char c = bytes[i];
    size_t next = i + 1;
    if (room == 0) return rb_httpi_bad(parser, i, consumed);
    if (parser->flags & RB_HTTPI_CR) {
      if (c != '\n') return rb_httpi_bad(parser, i, consumed);
      parser->flags &= ~(uint32_t)RB_HTTPI_CR;
    }

    switch (parser->state) {
      case RB_HTTPI_START:
        if (c == '\r')
          parser->flags |= RB_HTTPI_CR;
        else if (c == 'G') {
          parser->state = RB_HTTPI_METHOD;
          parser->token_len = 1;
        } else if (c != '\n')
          return rb_httpi_bad(parser, i, consumed);
        break;

      case RB_HTTPI_METHOD:
        if (parser->token_len < sizeof "GET" - 1) {
          if (c != (unsigned char)"GET"[parser->token_len])
            return rb_httpi_bad(parser, i, consumed);
          parser->token_len++;
        } else if (c == ' ') {
          parser->state = RB_HTTPI_TARGET_START;
        } else {
          return rb_httpi_bad(parser, i, consumed);
        }
        break;

      case RB_HTTPI_TARGET_START:
      case RB_HTTPI_TARGET:
        if (rb_httpi_is_target_byte(c)) {
          parser->state = RB_HTTPI_TARGET;
          while (next < end && rb_httpi_is_target_byte(bytes[next])) next++;
        } else if (c == ' ' && parser->state == RB_HTTPI_TARGET) {
          parser->state = RB_HTTPI_VERSION;
          parser->token_len = 0;
        } else {
          return rb_httpi_bad(parser, i, consumed);
        }
        break;

      case RB_HTTPI_VERSION:
        if (parser->token_len < sizeof "HTTP/1." - 1) {
          if (c != (unsigned char)"HTTP/1."[parser->token_len])
            return rb_httpi_bad(parser, i, consumed);
          parser->token_len++;
        } else if (c >= '0' && c <= '9') {
          parser->version_minor = (uint32_t)(c - '0');
          parser->state = RB_HTTPI_LINE_END;
        } else {
          return rb_httpi_bad(parser, i, consumed);
        }
        break;

      case RB_HTTPI_LINE_END:
        if (c == '\r')
          parser->flags |= RB_HTTPI_CR;
        else if (c == '\n')
          parser->state = RB_HTTPI_FIELD_START;
        else
          return rb_httpi_bad(parser, i, consumed);
        break;

      case RB_HTTPI_FIELD_START:
        if (c == '\r') {
          parser->flags |= RB_HTTPI_CR;
        } else if (c == '\n') {
          if (!rb_httpi_end_head(parser)) return rb_httpi_bad(parser, i, consumed);
          parser->head_bytes++;
          *consumed = next;
          return RB_HTTP_REQUEST;
        } else if (rb_httpi_is_tchar(c) && parser->fields < RB_HTTP_MAX_FIELDS) {
          parser->fields++;
          parser->state = RB_HTTPI_NAME;
          parser->token_len = 0;
          rb_httpi_keep(parser, c);
        } else {
          return rb_httpi_bad(parser, i, consumed);
        }
        break;

      case RB_HTTPI_NAME:
        if (rb_httpi_is_tchar(c)) {
          rb_httpi_keep(parser, c);
        } else if (c == ':') {
          parser->field = rb_httpi_field_of_name(parser);
          parser->token_len = 0;
          parser->flags &= ~(uint32_t)RB_HTTPI_PER_VALUE;
          parser->state = RB_HTTPI_VALUE;
          if (parser->field == RB_HTTPI_TRANSFER_ENCODING) return rb_httpi_bad(parser, i, consumed);
          if (parser->field == RB_HTTPI_HOST && ++parser->host_fields > 1 &&
              parser->version_minor >= 1)
            return rb_httpi_bad(parser, i, consumed);
        } else {
          return rb_httpi_bad(parser, i, consumed);
        }
        break;

      case RB_HTTPI_VALUE:
        if (c == '\r') {
          parser->flags |= RB_HTTPI_CR;
        } else if (c == '\n') {
          if (parser->field == RB_HTTPI_CONTENT_LENGTH && !(parser->flags & RB_HTTPI_CONTENT))
            return rb_httpi_bad(parser, i, consumed);
          if (parser->field == RB_HTTPI_CONNECTION) rb_httpi_end_connection_element(parser);
          parser->state = RB_HTTPI_FIELD_START;
        } else if (!rb_httpi_is_value_byte(c)) {
          return rb_httpi_bad(parser, i, consumed);
        } else if (parser->field == RB_HTTPI_CONNECTION) {
          rb_httpi_connection_byte(parser, c);
        } else if (parser->field == RB_HTTPI_CONTENT_LENGTH) {
          if (!rb_httpi_content_length_byte(parser, c)) return rb_httpi_bad(parser, i, consumed);
        } else {
          while (next < end && rb_httpi_is_value_byte(bytes[next])) next++;
        }
        break;

      default: /* unreachable: DONE and BAD are handled before the loop */
        return rb_httpi_bad(parser, i, consumed);
    }
    parser->head_bytes += (uint32_t)(next - i);
    i = next;
  }
  *consumed = len;
  return RB_HTTP_NEED_MORE;
}

/* ---- the canned 200 responses ----------------------------------------------------------- */

/* Builds one response in a fresh buffer; NULL when out of memory. */
static inline char* rb_httpi_build_response(uint32_t body_size, int keep_alive, size_t* len) {
  static const char status[] = "HTTP/1.1 200 OK\r\nContent-Length: ";
  static const char keep[] = "\r\nConnection: keep-alive\r\n\r\n";
  static const char closing[] = "\r\nConnection: close\r\n\r\n";
  const char* connection = keep_alive ? keep : closing;
  const size_t connection_len = keep_alive ? sizeof keep - 1 : sizeof closing - 1;
  char digits[10];
  size_t digit_count = 0;
  uint32_t rest = body_size;
  size_t head_len;
  char* out;
  char* at;
  uint64_t i;
  do {
    digits[digit_count++] = (char)('0' + rest % 10);
    rest /= 10;
  } while (rest != 0);
  head_len = sizeof status - 1 + digit_count + connection_len;
  if ((uint64_t)body_size > (uint64_t)(SIZE_MAX - head_len)) return NULL;
  out = (char*)malloc(head_len + body_size);
  if (out == NULL) return NULL;
  memcpy(out, status, sizeof status - 1);
  at = out + sizeof status - 1;
  while (digit_count > 0) *at++ = digits[--digit_count];
  memcpy(at, connection, connection_len);
  at += connection_len;
  for (i = 0; i < body_size; i++) at[i] = rb_http_body_byte(i);
  *len = head_len + body_size;
  return out;
}

static inline int rb_http_responses_init(rb_http_responses* responses, uint32_t body_size) {
  memset(responses, 0, sizeof *responses);
  responses->keep_alive = rb_httpi_build_response(body_size, 1, &responses->keep_alive_len);
  responses->close = rb_httpi_build_response(body_size, 0, &responses->close_len);
  if (responses->keep_alive == NULL || responses->close == NULL) {
    rb_http_responses_free(responses);
    return -1;
  }
  return 0;
}

static inline void rb_http_responses_free(rb_http_responses* responses) {
  free(responses->keep_alive);
  free(responses->close);
  memset(responses, 0, sizeof *responses);
}

static inline const char* rb_http_response(const rb_http_responses* responses, int keep_alive,
                                           size_t* len) {
  if (keep_alive) {
    *len = responses->keep_alive_len;
    return responses->keep_alive;
  }
  *len = responses->close_len;
  return responses->close;
}

#ifdef __cplusplus
}
#endif

#endif /* REACTORBENCH_HTTP_REQUEST_IMPL_H */
