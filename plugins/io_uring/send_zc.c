#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "uring_loop.h"

/* A connection's zero-copy output (send_zc = on). A completion's data is the handler's only
 * during the call, so a zero-copy send goes from a copy the connection owns: what it saves is
 * the kernel's copy into socket buffers, not ours. Invariant: while a SEND_ZC is in flight the
 * out_buffer is empty (everything sent meanwhile is queued), and while the out_buffer holds
 * bytes no SEND_ZC is posted (large sends are queued behind them); so the stream keeps its
 * order. */

static int zc_append(struct uring_zc_bytes* bytes, const void* data, size_t n) {
  if (bytes->length + n > bytes->capacity) {
    size_t capacity = bytes->capacity > 0 ? bytes->capacity : kUringSendZcMin;
    while (capacity < bytes->length + n) capacity *= 2;
    char* grown = realloc(bytes->data, capacity);
    if (grown == NULL) {
      errno = ENOMEM;
      return -1;
    }
    bytes->data = grown;
    bytes->capacity = capacity;
  }
  memcpy(bytes->data + bytes->length, data, n);
  bytes->length += n;
  return 0;
}

int uring_conn_send(struct uring_loop* loop, struct uring_conn* conn, const void* data, size_t n) {
  struct uring_zc* zc = &conn->zc;
  if (!loop->options.send_zc)
    return out_buffer_send(conn->fd, &conn->out, data, n, loop->bytes_written);
  if (n < kUringSendZcMin && !uring_zc_busy(zc) && zc->queued.length == 0) {
    loop->send_zc_fallbacks += 1;
    return out_buffer_send(conn->fd, &conn->out, data, n, loop->bytes_written);
  }
  if (zc_append(&zc->queued, data, n) != 0) return -1;
  return uring_zc_kick(loop, conn);
}

int uring_zc_kick(struct uring_loop* loop, struct uring_conn* conn) {
  struct uring_zc* zc = &conn->zc;
  if (uring_zc_busy(zc) || out_buffer_pending(&conn->out) || zc->queued.length == 0) return 0;
  const struct uring_zc_bytes done = zc->sending; /* its memory serves the next queue */
  zc->sending = zc->queued;
  zc->queued = (struct uring_zc_bytes){done.data, 0, done.capacity};
  zc->sent = 0;
  if (zc->sending.length >= kUringSendZcMin) return uring_conn_post_send_zc(loop, conn);
  /* What queued behind a zero-copy send is small: it goes as any small send. */
  const size_t n = zc->sending.length;
  zc->sending.length = 0;
  loop->send_zc_fallbacks += 1;
  return out_buffer_send(conn->fd, &conn->out, zc->sending.data, n, loop->bytes_written);
}

void uring_zc_count(struct uring_loop* loop, struct uring_conn* conn,
                    const struct io_uring_cqe* cqe) {
  struct uring_zc* zc = &conn->zc;
  if (cqe->flags & IORING_CQE_F_NOTIF) {
    zc->notifs_due -= 1;
    loop->send_zc_notifications += 1;
    return;
  }
  zc->results_due -= 1;
  if (cqe->flags & IORING_CQE_F_MORE) zc->notifs_due += 1;
  if (cqe->res > 0) {
    zc->sent += (size_t)cqe->res;
    *loop->bytes_written += (uint64_t)cqe->res;
  }
}

void uring_on_send_zc(struct uring_loop* loop, struct uring_conn* conn,
                      const struct io_uring_cqe* cqe, const struct uring_handlers* handlers) {
  struct uring_zc* zc = &conn->zc;
  const int result = !(cqe->flags & IORING_CQE_F_NOTIF);
  if (result && cqe->res <= 0) {
    handlers->ended(loop, conn, 0);
    return;
  }
  /* A short send's rest goes now, from the same bytes, still untouched. */
  if (result && zc->sent < zc->sending.length) {
    if (uring_conn_post_send_zc(loop, conn) != 0) handlers->ended(loop, conn, 0);
    return;
  }
  if (uring_zc_busy(zc)) return;
  zc->sending.length = 0;
  zc->sent = 0;
  if (uring_zc_kick(loop, conn) != 0) {
    handlers->ended(loop, conn, 0);
    return;
  }
  uring_conn_output_went(loop, conn, handlers);
}

void uring_conn_free_output(struct uring_conn* conn) {
  out_buffer_free(&conn->out);
  free(conn->zc.sending.data);
  free(conn->zc.queued.data);
  conn->zc = (struct uring_zc){.results_due = 0};
}
