#ifndef RB_PLUGIN_COMMON_PINGPONG_CLIENT_SESSION_H
#define RB_PLUGIN_COMMON_PINGPONG_CLIENT_SESSION_H

/* The bookkeeping every C pingpong client does the same way, whatever loop drives it: the
 * checked parameters, the server's address and the first block; each loop's counts and
 * state; what a session does with bytes it read, when it shuts down its write side and how
 * its end counts. A plugin keeps only how its library connects, reads, writes and waits. The
 * per-read pieces are static inline: the measured loop calls no more functions than before. */

#include <netinet/in.h>
#include <stddef.h>
#include <stdint.h>

#include "pingpong_client_counts.h"
#include "reactorbench/pingpong_pattern.h"
#include "reactorbench/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

enum pingpong_session_state {
  kConnecting,
  kEchoing,
  kShutting, /* past the deadline: shuts down its write side once its output is out */
  kShut,     /* write side shut down; reads until the server closes */
  kClosed,   /* ended (for a plugin whose close completes later) */
};

/* What the client keeps for all its loops. */
struct pingpong_client_base {
  rb_pingpong_client_params params; /* host is NULL: only the parsed address is kept */
  struct sockaddr_in server;
  unsigned char* block; /* the pattern's first block, which every session sends on connect */
  uint32_t loop_count;  /* params.threads */
};

/* What one loop counts and knows; only its thread touches it while it runs. */
struct pingpong_client_loop_state {
  struct pingpong_client_counts counts;
  struct pingpong_mismatch first_mismatch;
  uint32_t open; /* its sessions not yet ended */
  int past_deadline;
  int stopped; /* the host's stop_fd became readable */
};

/* RB_OK, or RB_ERR_INVALID_ARGUMENT when params is missing, too small or has a zero count. */
int pingpong_client_check_params(const rb_pingpong_client_params* params, char* err,
                                 size_t err_len);

/* Copies params, parses the server's address and fills the block. RB_OK or an error in err;
 * pingpong_client_base_free is safe either way. */
int pingpong_client_base_init(struct pingpong_client_base* base,
                              const rb_pingpong_client_params* params, char* err, size_t err_len);
void pingpong_client_base_free(struct pingpong_client_base* base);

/* A non-blocking socket whose connect to the server has started; -1 if either failed. */
int pingpong_client_start_connect(const struct pingpong_client_base* base);

/* A connect completed on fd: 0 when it succeeded (then TCP_NODELAY is set), -1 when not. */
int pingpong_client_connected(int fd);

/* Sums every loop's counts and puts the counters the host checks. loops[i] are `stride` bytes
 * apart (the plugin's loop struct, in which the state is one member). */
void pingpong_client_put_counters(const rb_counter_sink* sink,
                                  const struct pingpong_client_loop_state* first_loop,
                                  size_t stride, uint32_t loop_count);

/* RB_ERR_INTERNAL "stopped by the host with N sessions still open" when a loop was stopped,
 * else RB_OK. */
int pingpong_client_stop_result(const struct pingpong_client_loop_state* first_loop, size_t stride,
                                uint32_t loop_count, char* err, size_t err_len);

/* n bytes read by session `index`, at stream offset *offset: counted, checked against the
 * pattern on the sessions verify_stride chooses, and the offset advanced. */
static inline void pingpong_client_took(struct pingpong_client_loop_state* loop,
                                        const struct pingpong_client_base* base, uint32_t index,
                                        uint64_t* offset, const void* data, size_t n) {
  loop->counts.bytes_read += n;
  loop->counts.messages_read += 1;
  if (rb_pingpong_verifies(index, base->params.verify_stride)) {
    pingpong_client_verify(&loop->counts, &loop->first_mismatch, index, (const unsigned char*)data,
                           n, *offset, base->params.block_size);
  }
  *offset += n;
}

/* Echoing stops at the deadline; the write side is to close once nothing is left to write.
 * Returns whether it is time to shut it down now. */
static inline int pingpong_session_shut_due(enum pingpong_session_state* state, int past_deadline,
                                            int output_pending) {
  if (past_deadline && *state == kEchoing) {
    *state = kShutting;
  }
  return *state == kShutting && !output_pending;
}

/* Where a session's end counts: the server's end of stream after the client shut down is a
 * completed session, anything else a reset. */
static inline uint64_t* pingpong_session_outcome(struct pingpong_client_loop_state* loop,
                                                 enum pingpong_session_state state, int eof) {
  return eof && state == kShut ? &loop->counts.completed : &loop->counts.resets;
}

#ifdef __cplusplus
}
#endif

#endif
