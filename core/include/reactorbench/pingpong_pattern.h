/* The pingpong byte stream, for plugins that implement the client role (plugin.h).
 *
 * The client sends one block on connect whose byte j is j % 128; from then on it sends back
 * what the server echoed, so every session's stream repeats that block: the byte at stream
 * offset i is (i % block_size) % 128. With block_size a multiple of 128 (4096, 16384, every
 * shipped config) that is simply i % 128, continuing across blocks.
 *
 * Header-only C, so C and C++ plugins share one definition of the pattern and of its check.
 */
#ifndef REACTORBENCH_PINGPONG_PATTERN_H
#define REACTORBENCH_PINGPONG_PATTERN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The first block of every session. */
static inline void rb_pingpong_fill_block(unsigned char* block, uint32_t block_size) {
  for (uint32_t j = 0; j < block_size; ++j) block[j] = (unsigned char)(j % 128);
}

/* How many of data[0..len) differ from the stream starting at offset `offset`. */
static inline uint64_t rb_pingpong_mismatches(const unsigned char* data, size_t len,
                                              uint64_t offset, uint32_t block_size) {
  uint64_t bad = 0;
  if (block_size % 128 == 0) {
    /* The stream has period 128: compare up to 128 bytes at a time with memcmp against two
     * periods of the pattern, counting bytes only inside a chunk that differs. */
    unsigned char periods[256];
    for (int j = 0; j < 256; ++j) periods[j] = (unsigned char)(j % 128);
    size_t done = 0;
    while (done < len) {
      const size_t phase = (size_t)((offset + done) % 128);
      const size_t chunk = len - done < 128 ? len - done : 128;
      if (memcmp(data + done, periods + phase, chunk) != 0)
        for (size_t j = 0; j < chunk; ++j) bad += data[done + j] != periods[phase + j];
      done += chunk;
    }
    return bad;
  }
  uint64_t position = offset % block_size;
  for (size_t j = 0; j < len; ++j) {
    bad += data[j] != (unsigned char)(position % 128);
    if (++position == block_size) position = 0;
  }
  return bad;
}

/* Whether session `index` is one the client verifies (rb_pingpong_client_params). */
static inline int rb_pingpong_verifies(uint32_t index, uint32_t verify_stride) {
  return verify_stride != 0 && index % verify_stride == 0;
}

#ifdef __cplusplus
}
#endif

#endif /* REACTORBENCH_PINGPONG_PATTERN_H */
