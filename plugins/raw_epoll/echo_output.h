#ifndef RAW_EPOLL_ECHO_OUTPUT_H
#define RAW_EPOLL_ECHO_OUTPUT_H

#include <stddef.h>
#include <stdint.h>

/* What a socket did not take of an echo, kept until it becomes writable again. Allocated
 * only when a write falls short, so an idle connection costs no buffer. Reading goes on
 * while something is kept, up to the servers' high-water mark (output_high_water.h): were
 * both ends to stop reading while any output waits, a block larger than the two receive
 * buffers would deadlock them. */
struct echo_output {
  char* data;
  uint32_t length; /* bytes still to write, from data + offset */
  uint32_t offset;
  uint32_t capacity;
};

/* Writes data[0..n) now, keeping what the socket does not take; behind bytes already kept it
 * only appends, so the stream keeps its order. *written grows by what the socket took.
 * Returns 0, or -1 with errno set when the write failed (EAGAIN is not a failure). */
int echo_output_send(int fd, struct echo_output* out, const char* data, size_t n,
                     uint64_t* written);

/* Writes what is kept. Returns 1 once nothing is left, 0 while some remains, -1 with errno
 * set when the write failed. */
int echo_output_flush(int fd, struct echo_output* out, uint64_t* written);

static inline int echo_output_pending(const struct echo_output* out) {
  return out->length > 0;
}

void echo_output_free(struct echo_output* out);

#endif
