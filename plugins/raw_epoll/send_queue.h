#ifndef RAW_EPOLL_SEND_QUEUE_H
#define RAW_EPOLL_SEND_QUEUE_H

#include <stddef.h>
#include <stdint.h>

/* What a socket did not take of the responses sent to it, kept until it is writable again.
 * Memory is taken only when a send falls short, so an idle connection costs no buffer.
 * Sends use MSG_NOSIGNAL: a plugin cannot count on its host ignoring SIGPIPE (the runner's cell
 * process does, another host may not), and a client that has gone must cost its connection, not the
 * process. */
struct send_queue {
  char* data;
  size_t offset; /* the first byte still to send */
  size_t length; /* bytes still to send, from data + offset */
  size_t capacity;
};

/* Sends data[0..n) now, or appends it behind bytes already kept so the stream keeps its
 * order, and keeps what the socket does not take. *sent grows by what send(2) accepted.
 * Returns 0, or -1 with errno set (EAGAIN is not a failure). */
int send_queue_send(int fd, struct send_queue* queue, const char* data, size_t n, uint64_t* sent);

/* Sends what is kept: 1 once nothing is left, 0 while some remains, -1 with errno set. */
int send_queue_flush(int fd, struct send_queue* queue, uint64_t* sent);

static inline int send_queue_pending(const struct send_queue* queue) {
  return queue->length > 0;
}

void send_queue_free(struct send_queue* queue);

#endif
