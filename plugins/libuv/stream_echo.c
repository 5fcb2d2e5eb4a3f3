#include "stream_echo.h"

#include <stdlib.h>
#include <string.h>

struct echo_chunk {
  uv_write_t req; /* first: the completion callback gets &req */
  uint64_t* written;
  void (*drained)(uv_stream_t* stream);
  size_t len;
  char data[];
};

static void on_written(uv_write_t* req, int status) {
  struct echo_chunk* chunk = (struct echo_chunk*)req;
  uv_stream_t* stream = req->handle;
  void (*drained)(uv_stream_t*) = status == 0 ? chunk->drained : NULL;
  if (status == 0) *chunk->written += chunk->len;
  free(chunk);
  if (drained != NULL && stream->write_queue_size == 0) drained(stream);
}

int stream_echo(uv_stream_t* stream, const char* data, size_t n, uint64_t* written,
                void (*drained)(uv_stream_t* stream)) {
  size_t sent = 0;
  uv_buf_t now = uv_buf_init((char*)data, (unsigned int)n);
  const int tried = uv_try_write(stream, &now, 1);
  if (tried >= 0) {
    sent = (size_t)tried;
    *written += sent;
    if (sent == n) return 0;
  } else if (tried != UV_EAGAIN) {
    return tried;
  }
  struct echo_chunk* chunk = malloc(sizeof *chunk + (n - sent));
  if (chunk == NULL) return UV_ENOMEM;
  chunk->written = written;
  chunk->drained = drained;
  chunk->len = n - sent;
  memcpy(chunk->data, data + sent, n - sent);
  const uv_buf_t rest = uv_buf_init(chunk->data, (unsigned int)chunk->len);
  const int rc = uv_write(&chunk->req, stream, &rest, 1, on_written);
  if (rc != 0) free(chunk);
  return rc;
}
