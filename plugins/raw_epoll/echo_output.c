#include "echo_output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static ssize_t write_some(int fd, const char* data, size_t n) {
  ssize_t w;
  do {
    w = write(fd, data, n);
  } while (w < 0 && errno == EINTR);
  if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
  return w;
}

static int keep(struct echo_output* out, const char* data, size_t n) {
  if (out->offset > 0) {
    memmove(out->data, out->data + out->offset, out->length);
    out->offset = 0;
  }
  const size_t needed = (size_t)out->length + n;
  if (needed > out->capacity) {
    const size_t doubled = (size_t)out->capacity * 2;
    const size_t capacity = doubled > needed ? doubled : needed;
    char* bigger = realloc(out->data, capacity);
    if (bigger == NULL) {
      errno = ENOMEM;
      return -1;
    }
    out->data = bigger;
    out->capacity = (uint32_t)capacity;
  }
  memcpy(out->data + out->length, data, n);
  out->length += (uint32_t)n;
  return 0;
}

int echo_output_send(int fd, struct echo_output* out, const char* data, size_t n,
                     uint64_t* written) {
  if (out->length > 0) return keep(out, data, n);
  const ssize_t w = write_some(fd, data, n);
  if (w < 0) return -1;
  *written += (uint64_t)w;
  return (size_t)w == n ? 0 : keep(out, data + w, n - (size_t)w);
}

int echo_output_flush(int fd, struct echo_output* out, uint64_t* written) {
  if (out->length == 0) return 1;
  const ssize_t w = write_some(fd, out->data + out->offset, out->length);
  if (w < 0) return -1;
  *written += (uint64_t)w;
  out->offset += (uint32_t)w;
  out->length -= (uint32_t)w;
  return out->length == 0;
}

void echo_output_free(struct echo_output* out) {
  free(out->data);
  memset(out, 0, sizeof *out);
}
