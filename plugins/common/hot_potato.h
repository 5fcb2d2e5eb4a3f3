#ifndef RB_PLUGIN_COMMON_HOT_POTATO_H
#define RB_PLUGIN_COMMON_HOT_POTATO_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "reactorbench/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The game of libevent's test/bench.c without the loop that drives it (each C plugin's own):
 * the byte read from pipe i goes on to pipe (i + 1) % pipes while the iteration's write budget
 * lasts, so an iteration ends after exactly active + writes reads. */
struct hot_potato {
  uint32_t pipes;
  uint32_t active;
  uint32_t writes_per_iteration;
  int* read_fds; /* copies of the host's arrays; the fds stay the host's */
  int* write_fds;
  /* recv/send instead of read/write, as bench.c and muduo's bench.cc call them (a plugin's
   * option "io"): the same bytes through the socket calls' own, shorter kernel path. */
  int use_recv;

  /* One iteration, reset by hot_potato_reset. */
  uint64_t count;  /* bytes read */
  uint64_t fired;  /* bytes sent into the ring: the host's `active` plus the ones passed on */
  uint64_t budget; /* passes left */
  uint64_t writes; /* passes made */
  uint64_t failures;
  int fatal; /* a byte was lost or the loop failed: count can never reach fired */
  char fatal_message[160];
};

/* Checks the host's parameters and copies its fd arrays. RB_OK, or an RB_ERR_* code with
 * the reason in err; hot_potato_free is safe either way. */
int hot_potato_init(struct hot_potato* potato, const rb_flower_params* params, char* err,
                    size_t err_len);
void hot_potato_free(struct hot_potato* potato);

/* A new iteration: the host is about to write `active` bytes. Inline: it runs inside the
 * host's timing of every arm. */
static inline void hot_potato_reset(struct hot_potato* potato) {
  potato->count = 0;
  potato->fired = potato->active;
  potato->budget = potato->writes_per_iteration;
  potato->writes = 0;
  potato->failures = 0;
  potato->fatal = 0;
  potato->fatal_message[0] = '\0';
}

/* Stops the game with a reason (the first one wins). */
void hot_potato_fail(struct hot_potato* potato, const char* what, uint32_t idx, const char* why);

/* The read callback's first half for pipe idx: takes the byte; whether there was one. */
static inline int hot_potato_take(struct hot_potato* potato, uint32_t idx) {
  unsigned char byte;
  const int fd = potato->read_fds[idx];
  const ssize_t n = potato->use_recv ? recv(fd, &byte, 1, 0) : read(fd, &byte, 1);
  if (n == 1) {
    potato->count += 1;
    return 1;
  }
  /* A wake-up without data costs nothing (the watcher is level-triggered and fires again when
   * a byte arrives); end of file or an error loses the byte for good. */
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
    potato->failures += 1;
  } else {
    hot_potato_fail(potato, potato->use_recv ? "recv" : "read", idx,
                    n == 0 ? "end of file" : strerror(errno));
  }
  return 0;
}

/* The second half, after a byte was taken from pipe idx: passes one on to the next pipe while
 * the iteration's budget lasts. */
static inline void hot_potato_pass(struct hot_potato* potato, uint32_t idx) {
  if (potato->budget == 0) {
    return;
  }
  const uint32_t next = idx + 1 == potato->pipes ? 0 : idx + 1;
  const int fd = potato->write_fds[next];
  const ssize_t n = potato->use_recv ? send(fd, "e", 1, 0) : write(fd, "e", 1);
  if (n != 1) {
    hot_potato_fail(potato, potato->use_recv ? "send" : "write", next,
                    n == 0 ? "nothing written" : strerror(errno));
    return;
  }
  potato->budget -= 1;
  potato->writes += 1;
  potato->fired += 1;
}

/* The whole read callback for pipe idx (a plugin with nothing to do in between). */
void hot_potato_on_readable(struct hot_potato* potato, uint32_t idx);

/* Every byte fired into the ring has been read: the iteration is over. */
static inline int hot_potato_finished(const struct hot_potato* potato) {
  return potato->count == potato->fired;
}

/* The iteration is over, or can never end. */
static inline int hot_potato_done(const struct hot_potato* potato) {
  return hot_potato_finished(potato) || potato->fatal;
}

/* The iteration's counters, with the loop's own count of polls ("loop_iterations"). */
void hot_potato_put_counters(const struct hot_potato* potato, uint64_t loop_iterations,
                             const rb_counter_sink* sink);

#ifdef __cplusplus
}
#endif

#endif
