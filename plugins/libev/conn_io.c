#include "conn_io.h"

#include <unistd.h>

void conn_io_init(struct conn_io* io, int fd, conn_io_cb on_readable, conn_io_cb on_writable,
                  void* owner) {
  io->fd = fd;
  ev_io_init(&io->reader, on_readable, fd, EV_READ);
  ev_io_init(&io->writer, on_writable, fd, EV_WRITE);
  io->reader.data = owner;
  io->writer.data = owner;
  io->out = (struct out_buffer){0};
}

int conn_io_send(struct ev_loop* loop, struct conn_io* io, const void* data, size_t n,
                 uint64_t* written) {
  if (out_buffer_send(io->fd, &io->out, data, n, written) != 0) {
    return -1;
  }
  if (out_buffer_pending(&io->out)) {
    ev_io_start(loop, &io->writer);
  }
  return 0;
}

int conn_io_flush(struct ev_loop* loop, struct conn_io* io, uint64_t* written) {
  const int rc = out_buffer_flush(io->fd, &io->out, written);
  if (rc == 1) {
    ev_io_stop(loop, &io->writer);
  }
  return rc;
}

void conn_io_close(struct ev_loop* loop, struct conn_io* io) {
  ev_io_stop(loop, &io->reader);
  ev_io_stop(loop, &io->writer);
  out_buffer_free(&io->out);
  if (io->fd >= 0) {
    close(io->fd);
  }
  io->fd = -1;
}
