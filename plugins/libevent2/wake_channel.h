#ifndef LIBEVENT2_WAKE_CHANNEL_H
#define LIBEVENT2_WAKE_CHANNEL_H

#include <stddef.h>
#include <stdint.h>

/* The fd a producer writes one token into per item and the consumer's event watches:
 *   pipe     one byte per token, as the pipe-vs-condvar study wrote; the write end blocks
 *            when the pipe is full, which throttles the producer as it did there
 *   eventfd  a counter; with drain "one" it is an EFD_SEMAPHORE, so each read takes one
 *            token exactly as a one-byte pipe read does; with "all" a read takes them all */
struct wake_channel {
  int read_fd;  /* non-blocking; watched by the loop */
  int write_fd; /* the same fd as read_fd for eventfd */
  int is_eventfd;
  int drain_all;
  unsigned char* buffer; /* pipe with drain "all": where a read lands */
  size_t buffer_size;
};

/* 0, or -1 with errno set (the fds are then closed). */
int wake_channel_open(struct wake_channel* channel, int use_eventfd, int drain_all);
void wake_channel_close(struct wake_channel* channel);

/* Adds one token; retries on EINTR. 0, or -1 with errno set. */
int wake_channel_signal(const struct wake_channel* channel);

/* Adds one token without ever blocking (release's best-effort nudge). */
void wake_channel_nudge(const struct wake_channel* channel);

/* Takes one token (drain "one") or every pending one (drain "all") and returns how many;
 * 0 when none was pending (a spurious wake-up); -1 with errno set on failure (a closed
 * pipe reads as EPIPE). */
int64_t wake_channel_take(const struct wake_channel* channel);

#endif
