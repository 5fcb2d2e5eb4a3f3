#ifndef RB_PLUGIN_COMMON_PINGPONG_CLIENT_COUNTS_H
#define RB_PLUGIN_COMMON_PINGPONG_CLIENT_COUNTS_H

#include <stddef.h>
#include <stdint.h>

#include "reactorbench/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What one pingpong client loop counts; the plugin's counters() sums its loops. */
struct pingpong_client_counts {
  uint64_t bytes_read, messages_read, completed, connect_failures, resets, mismatches, verified;
};

/* The first byte a loop found differing from the pattern, for the failure's reason. */
struct pingpong_mismatch {
  int found;
  uint32_t session;
  uint64_t offset;
  unsigned char expected, got;
};

/* Checks data[0..len), read by `session` at stream offset `offset`, against the pattern
 * (reactorbench/pingpong_pattern.h): adds to counts->mismatches and counts->verified, and
 * notes where the pattern first broke if `first` has nothing yet. */
void pingpong_client_verify(struct pingpong_client_counts* counts, struct pingpong_mismatch* first,
                            uint32_t session, const unsigned char* data, size_t len,
                            uint64_t offset, uint32_t block_size);

void pingpong_client_counts_add(struct pingpong_client_counts* total,
                                const struct pingpong_client_counts* part);

/* The counters the host checks (bytes_read, messages_read, sessions_completed,
 * connect_failures, resets, verify_mismatches, verified_bytes) and, when `first` is not NULL,
 * where the first mismatch was. */
void pingpong_client_counts_put(const rb_counter_sink* sink,
                                const struct pingpong_client_counts* total,
                                const struct pingpong_mismatch* first);

#ifdef __cplusplus
}
#endif

#endif
