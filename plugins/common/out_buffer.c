#include "out_buffer.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

/* Bytes accepted, 0 when the socket is full, -1 on a real failure. */
static ssize_t send_some(int fd, const char* data, size_t n) {
  ssize_t sent;
  do {
    sent = send(fd, data, n, MSG_NOSIGNAL);
  } while (sent < 0 && errno == EINTR);
  if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
    return 0;
  }
  return sent;
}

static int keep(struct out_buffer* out, const char* data, size_t n) {
  if (out->offset > 0) {
    memmove(out->data, out->data + out->offset, out->length);
    out->offset = 0;
  }
  const size_t needed = out->length + n;
  if (needed > out->capacity) {
    const size_t doubled = out->capacity * 2;
    const size_t capacity = doubled > needed ? doubled : needed;
    char* bigger = realloc(out->data, capacity);
    if (bigger == NULL) {
      errno = ENOMEM;
      return -1;
    }
    out->data = bigger;
    out->capacity = capacity;
  }
  memcpy(out->data + out->length, data, n);
  out->length += n;
  return 0;
}

int out_buffer_send(int fd, struct out_buffer* out, const void* data, size_t n, uint64_t* written) {
  if (out->length > 0) {
    return keep(out, data, n);
  }
  const ssize_t sent = send_some(fd, data, n);
  if (sent < 0) {
    return -1;
  }
  *written += (uint64_t)sent;
  return (size_t)sent == n ? 0 : keep(out, (const char*)data + sent, n - (size_t)sent);
}

int out_buffer_flush(int fd, struct out_buffer* out, uint64_t* written) {
  if (out->length == 0) {
    return 1;
  }
  const ssize_t sent = send_some(fd, out->data + out->offset, out->length);
  if (sent < 0) {
    return -1;
  }
  *written += (uint64_t)sent;
  out->offset += (size_t)sent;
  out->length -= (size_t)sent;
  if (out->length == 0) {
    out->offset = 0;
  }
  return out->length == 0;
}

void out_buffer_free(struct out_buffer* out) {
  free(out->data);
  memset(out, 0, sizeof *out);
}
