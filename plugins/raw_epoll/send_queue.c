#include "send_queue.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

/* Bytes the socket took, 0 when it is full, or -1 with errno set. */
static ssize_t send_some(int fd, const char* data, size_t n) {
  ssize_t sent;
  do {
    sent = send(fd, data, n, MSG_NOSIGNAL);
  } while (sent < 0 && errno == EINTR);
  if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
  return sent;
}

static int keep(struct send_queue* queue, const char* data, size_t n) {
  if (queue->offset > 0) {
    memmove(queue->data, queue->data + queue->offset, queue->length);
    queue->offset = 0;
  }
  const size_t needed = queue->length + n;
  if (needed > queue->capacity) {
    const size_t doubled = queue->capacity * 2;
    const size_t capacity = doubled > needed ? doubled : needed;
    char* bigger = realloc(queue->data, capacity);
    if (bigger == NULL) {
      errno = ENOMEM;
      return -1;
    }
    queue->data = bigger;
    queue->capacity = capacity;
  }
  memcpy(queue->data + queue->length, data, n);
  queue->length += n;
  return 0;
}

int send_queue_send(int fd, struct send_queue* queue, const char* data, size_t n, uint64_t* sent) {
  if (queue->length > 0) return keep(queue, data, n);
  const ssize_t taken = send_some(fd, data, n);
  if (taken < 0) return -1;
  *sent += (uint64_t)taken;
  return (size_t)taken == n ? 0 : keep(queue, data + taken, n - (size_t)taken);
}

int send_queue_flush(int fd, struct send_queue* queue, uint64_t* sent) {
  if (queue->length == 0) return 1;
  const ssize_t taken = send_some(fd, queue->data + queue->offset, queue->length);
  if (taken < 0) return -1;
  *sent += (uint64_t)taken;
  queue->offset += (size_t)taken;
  queue->length -= (size_t)taken;
  return queue->length == 0;
}

void send_queue_free(struct send_queue* queue) {
  free(queue->data);
  memset(queue, 0, sizeof *queue);
}
