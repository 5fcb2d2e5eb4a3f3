#ifndef LIBEV_PLUGIN_CONN_IO_H
#define LIBEV_PLUGIN_CONN_IO_H

#include <ev.h>
#include <stddef.h>
#include <stdint.h>

#include "out_buffer.h"

typedef void (*conn_io_cb)(struct ev_loop* loop, ev_io* watcher, int revents);

/* A non-blocking socket on one ev_loop: a reader, and a writer that runs only while output
 * waits (a level-triggered write watcher on an idle socket would fire on every iteration).
 * Reading goes on while output waits, up to the servers' high-water mark
 * (output_high_water.h): were both ends of a connection to stop reading while any output
 * waits, a block larger than the two socket buffers would deadlock them. Both
 * watchers' data is the owner given to conn_io_init. */
struct conn_io {
  int fd;
  ev_io reader;
  ev_io writer;
  struct out_buffer out;
};

void conn_io_init(struct conn_io* io, int fd, conn_io_cb on_readable, conn_io_cb on_writable,
                  void* owner);

static inline void conn_io_start_reading(struct ev_loop* loop, struct conn_io* io) {
  ev_io_start(loop, &io->reader);
}

static inline void conn_io_stop_reading(struct ev_loop* loop, struct conn_io* io) {
  ev_io_stop(loop, &io->reader);
}

/* out_buffer_send, then the writer runs if something was kept. 0, or -1 with errno set. */
int conn_io_send(struct ev_loop* loop, struct conn_io* io, const void* data, size_t n,
                 uint64_t* written);

/* out_buffer_flush; the writer stops once nothing is kept. 1 when empty, 0 while some
 * remains, -1 with errno set. */
int conn_io_flush(struct ev_loop* loop, struct conn_io* io, uint64_t* written);

/* Stops both watchers (before the fd goes, so libev never watches a reused number), closes
 * the socket and frees what was kept. */
void conn_io_close(struct ev_loop* loop, struct conn_io* io);

#endif
