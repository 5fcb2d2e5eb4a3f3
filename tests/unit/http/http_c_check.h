/* Functions compiled from C (http_c_check.c): proof that <reactorbench/http_request.h> is
 * valid C11, and a way to check that the C build parses and answers like the C++ one. */
#ifndef REACTORBENCH_TESTS_HTTP_C_CHECK_H
#define REACTORBENCH_TESTS_HTTP_C_CHECK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Parses the stream with a fresh parser, byte by byte; returns the number of requests
 * before the first bad one or the end, sets *bad (0/1) and the last keep_alive. */
int rb_http_c_count_requests(const char* data, size_t len, int* bad, int* last_keep_alive);

/* Copies the response for body_size into out (up to cap bytes); returns its length, or 0
 * when it does not fit or cannot be built. */
size_t rb_http_c_response(uint32_t body_size, int keep_alive, char* out, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* REACTORBENCH_TESTS_HTTP_C_CHECK_H */
