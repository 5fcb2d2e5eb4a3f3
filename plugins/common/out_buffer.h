#ifndef RB_PLUGIN_COMMON_OUT_BUFFER_H
#define RB_PLUGIN_COMMON_OUT_BUFFER_H

#include <stddef.h>
#include <stdint.h>

/* What a socket did not take of what was sent to it, kept until it is writable again.
 * Memory is taken only when a send falls short, so an idle connection costs no buffer.
 * Sends use MSG_NOSIGNAL: a plugin cannot count on its host ignoring SIGPIPE (the runner's
 * cell process does, another host may not), and a peer that has gone must cost its
 * connection, not the process. */
struct out_buffer {
  char* data;
  size_t offset; /* the first byte still to send */
  size_t length; /* bytes still to send, from data + offset */
  size_t capacity;
};

/* Sends data[0..n) now, or appends it behind bytes already kept so the stream keeps its
 * order, and keeps what the socket does not take. *written grows by what send(2) accepted.
 * Never raises SIGPIPE. Returns 0, or -1 with errno set (EAGAIN is not a failure). */
int out_buffer_send(int fd, struct out_buffer* out, const void* data, size_t n, uint64_t* written);

/* Sends what is kept: 1 once nothing is left, 0 while some remains, -1 with errno set. */
int out_buffer_flush(int fd, struct out_buffer* out, uint64_t* written);

static inline int out_buffer_pending(const struct out_buffer* out) {
  return out->length > 0;
}

void out_buffer_free(struct out_buffer* out);

#endif
