#define _GNU_SOURCE
#include "wake_channel.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <unistd.h>

/* A pipe holds 64 KiB by default: one read can empty it. */
enum { kPipeReadBuffer = 65536 };

int wake_channel_open(struct wake_channel* channel, int use_eventfd, int drain_all) {
  channel->read_fd = channel->write_fd = -1;
  channel->is_eventfd = use_eventfd;
  channel->drain_all = drain_all;
  channel->buffer = NULL;
  channel->buffer_size = 0;
  if (use_eventfd) {
    const int flags = EFD_CLOEXEC | EFD_NONBLOCK | (drain_all ? 0 : EFD_SEMAPHORE);
    channel->read_fd = channel->write_fd = eventfd(0, flags);
    return channel->read_fd < 0 ? -1 : 0;
  }
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    return -1;
  }
  channel->read_fd = fds[0];
  channel->write_fd = fds[1];
  if (fcntl(channel->read_fd, F_SETFL, O_NONBLOCK) != 0) {
    const int saved = errno;
    wake_channel_close(channel);
    errno = saved;
    return -1;
  }
  channel->buffer_size = drain_all ? kPipeReadBuffer : 1;
  channel->buffer = malloc(channel->buffer_size);
  if (channel->buffer == NULL) {
    wake_channel_close(channel);
    errno = ENOMEM;
    return -1;
  }
  return 0;
}

void wake_channel_close(struct wake_channel* channel) {
  if (channel->read_fd >= 0) {
    close(channel->read_fd);
  }
  if (channel->write_fd >= 0 && channel->write_fd != channel->read_fd) {
    close(channel->write_fd);
  }
  channel->read_fd = channel->write_fd = -1;
  free(channel->buffer);
  channel->buffer = NULL;
}

int wake_channel_signal(const struct wake_channel* channel) {
  static const uint64_t kOne = 1;
  static const char kByte = 'm'; /* the study's producer writes 'm' */
  const void* data = channel->is_eventfd ? (const void*)&kOne : (const void*)&kByte;
  const size_t size = channel->is_eventfd ? sizeof kOne : 1;
  for (;;) {
    const ssize_t n = write(channel->write_fd, data, size);
    if (n == (ssize_t)size) {
      return 0;
    }
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n >= 0) {
      errno = EIO;
    }
    return -1;
  }
}

void wake_channel_nudge(const struct wake_channel* channel) {
  const int flags = fcntl(channel->write_fd, F_GETFL);
  if (flags >= 0 && (flags & O_NONBLOCK) == 0) {
    fcntl(channel->write_fd, F_SETFL, flags | O_NONBLOCK);
  }
  (void)wake_channel_signal(channel);
}

int64_t wake_channel_take(const struct wake_channel* channel) {
  for (;;) {
    ssize_t n;
    if (channel->is_eventfd) {
      uint64_t value = 0;
      n = read(channel->read_fd, &value, sizeof value);
      if (n == (ssize_t)sizeof value) {
        return (int64_t)value;
      }
    } else {
      n = read(channel->read_fd, channel->buffer, channel->buffer_size);
      if (n > 0) {
        return (int64_t)n;
      }
      if (n == 0) {
        errno = EPIPE;
        return -1;
      }
    }
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      return 0;
    }
    if (n >= 0) {
      errno = EIO;
    }
    return -1;
  }
}
