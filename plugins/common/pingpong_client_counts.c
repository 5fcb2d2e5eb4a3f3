#include "pingpong_client_counts.h"

#include "reactorbench/pingpong_pattern.h"

/* Slow path, once per loop: where in data[0..len) (stream offset `offset`) the pattern broke. */
static void note_first_mismatch(struct pingpong_mismatch* first, uint32_t session,
                                const unsigned char* data, size_t len, uint64_t offset,
                                uint32_t block_size) {
  for (size_t j = 0; j < len; ++j) {
    const unsigned char expected = (unsigned char)(((offset + j) % block_size) % 128);
    if (data[j] != expected) {
      *first = (struct pingpong_mismatch){1, session, offset + j, expected, data[j]};
      return;
    }
  }
}

void pingpong_client_verify(struct pingpong_client_counts* counts, struct pingpong_mismatch* first,
                            uint32_t session, const unsigned char* data, size_t len,
                            uint64_t offset, uint32_t block_size) {
  const uint64_t bad = rb_pingpong_mismatches(data, len, offset, block_size);
  if (bad > 0 && !first->found) note_first_mismatch(first, session, data, len, offset, block_size);
  counts->mismatches += bad;
  counts->verified += len;
}

void pingpong_client_counts_add(struct pingpong_client_counts* total,
                                const struct pingpong_client_counts* part) {
  total->bytes_read += part->bytes_read;
  total->messages_read += part->messages_read;
  total->completed += part->completed;
  total->connect_failures += part->connect_failures;
  total->resets += part->resets;
  total->mismatches += part->mismatches;
  total->verified += part->verified;
}

void pingpong_client_counts_put(const rb_counter_sink* sink,
                                const struct pingpong_client_counts* total,
                                const struct pingpong_mismatch* first) {
  sink->put(sink->ctx, "bytes_read", total->bytes_read);
  sink->put(sink->ctx, "messages_read", total->messages_read);
  sink->put(sink->ctx, "sessions_completed", total->completed);
  sink->put(sink->ctx, "connect_failures", total->connect_failures);
  sink->put(sink->ctx, "resets", total->resets);
  sink->put(sink->ctx, "verify_mismatches", total->mismatches);
  sink->put(sink->ctx, "verified_bytes", total->verified);
  if (first == NULL) return;
  sink->put(sink->ctx, "first_mismatch_session", first->session);
  sink->put(sink->ctx, "first_mismatch_offset", first->offset);
  sink->put(sink->ctx, "first_mismatch_expected", first->expected);
  sink->put(sink->ctx, "first_mismatch_got", first->got);
}
