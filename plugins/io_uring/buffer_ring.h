#ifndef IO_URING_BUFFER_RING_H
#define IO_URING_BUFFER_RING_H

#include <liburing.h>
#include <stddef.h>
#include <stdint.h>

#include "uring_uapi.h"

/* A registered ring of provided buffers (IORING_REGISTER_PBUF_RING, Linux 5.19): a recv with
 * IOSQE_BUFFER_SELECT takes one when data arrives, so no buffer waits idle per connection. The
 * completion names the buffer; the loop gives it back once the data is handled. liburing 2.3
 * has no io_uring_setup_buf_ring, so the ring's memory is allocated and registered here.
 *
 * The ring registers kBufferRingSlots slots but starts with fewer buffers and grows (more
 * buffers, the same ring): a ring smaller than the connections keep busy runs dry, and every
 * recv that finds it empty ends (ENOBUFS) and must be posted again.
 *
 * bundle: one completion may fill several buffers, those the ring held from its head on; the
 * ring remembers which buffer each slot was given, so it can follow the kernel's head.
 * incremental: a completion takes only the part of a buffer it fills and the next one the
 * rest (IORING_CQE_F_BUF_MORE while the kernel goes on with it); the ring counts each buffer's
 * bytes handed out, to find where the next completion's data starts. */

enum {
  kBufferRingSlots = 8192, /* registered slots, the most buffers a ring grows to */
  kBufferChunk = 16        /* buffers allocated at once */
};

struct buffer_ring {
  struct io_uring_buf_ring* ring;
  char* chunks[kBufferRingSlots / kBufferChunk];
  uint16_t slot_buffer[kBufferRingSlots]; /* bundle: the buffer each slot was given */
  uint32_t* consumed;                     /* incremental: bytes of each buffer handed out */
  uint32_t made;                          /* buffers provided so far */
  uint32_t size;                          /* of each buffer */
  uint16_t head;                          /* bundle: the slot the kernel takes next */
  uint16_t group;                         /* the buffer group id SQEs name */
  int bundle;
  int incremental;
  int registered;
  uint64_t grown; /* times buffer_ring_grow added buffers */
};

/* count buffers of size bytes in group `group` of the ring (bundle, incremental as above).
 * RB_OK; RB_ERR_UNSUPPORTED when the kernel has no buffer rings, or no incremental ones where
 * asked; RB_ERR_SYSTEM otherwise. buffer_ring_close is safe either way. */
int buffer_ring_open(struct buffer_ring* buffers, struct io_uring* ring, uint32_t count,
                     uint32_t size, uint16_t group, int bundle, int incremental, char* err,
                     size_t err_len);
void buffer_ring_close(struct buffer_ring* buffers, struct io_uring* ring);

/* Provides buffers until `count` are made (at most kBufferRingSlots): 0, or -1 when out of
 * memory (the ring keeps what it has). */
int buffer_ring_grow(struct buffer_ring* buffers, uint32_t count);

static inline char* buffer_ring_address(const struct buffer_ring* buffers, uint16_t id) {
  return buffers->chunks[id / kBufferChunk] + (size_t)(id % kBufferChunk) * buffers->size;
}

/* Gives buffer `id` back to the kernel, whole. */
static inline void buffer_ring_recycle_id(struct buffer_ring* buffers, uint16_t id) {
  const int mask = io_uring_buf_ring_mask(kBufferRingSlots);
  buffers->slot_buffer[buffers->ring->tail & (uint16_t)mask] = id;
  if (buffers->incremental) buffers->consumed[id] = 0;
  io_uring_buf_ring_add(buffers->ring, buffer_ring_address(buffers, id), buffers->size, id, mask,
                        0);
  io_uring_buf_ring_advance(buffers->ring, 1);
}

/* A completion that names a buffer but brought no data in it (an end of stream, an error):
 * the buffer goes back. */
static inline void buffer_ring_return_unused(struct buffer_ring* buffers, uint32_t cqe_flags) {
  const uint16_t id = (uint16_t)(cqe_flags >> IORING_CQE_BUFFER_SHIFT);
  const uint16_t mask = (uint16_t)io_uring_buf_ring_mask(kBufferRingSlots);
  if (buffers->bundle && buffers->slot_buffer[buffers->head & mask] == id) buffers->head += 1;
  if (!buffers->incremental || (cqe_flags & IORING_CQE_F_BUF_MORE) == 0)
    buffer_ring_recycle_id(buffers, id);
}

/* The data of one completion (IORING_CQE_F_BUFFER set, res > 0), a piece per buffer it
 * filled: buffer_ring_next hands out each in turn. */
struct buffer_take {
  uint32_t flags;
  uint32_t left; /* bytes not yet handed out */
  uint16_t id;   /* the buffer of the next piece */
};

struct buffer_piece {
  const char* data;
  uint32_t length;
  uint16_t id;
  int done; /* the kernel is done with the buffer: give it back once the data is handled */
};

static inline struct buffer_take buffer_ring_begin(uint32_t cqe_flags, uint32_t bytes) {
  const struct buffer_take take = {cqe_flags, bytes,
                                   (uint16_t)(cqe_flags >> IORING_CQE_BUFFER_SHIFT)};
  return take;
}

/* The next piece of `take`: 1, 0 once every byte was handed out, or -1 when a bundle's first
 * buffer is not the one the ring's head holds (the kernel took buffers in an order this ring
 * did not follow: the bytes cannot be put in order). */
static inline int buffer_ring_next(struct buffer_ring* buffers, struct buffer_take* take,
                                   struct buffer_piece* piece) {
  if (take->left == 0) return 0;
  const uint16_t mask = (uint16_t)io_uring_buf_ring_mask(kBufferRingSlots);
  if (buffers->bundle && buffers->slot_buffer[buffers->head & mask] != take->id) return -1;
  piece->id = take->id;
  if (buffers->incremental) {
    piece->data = buffer_ring_address(buffers, take->id) + buffers->consumed[take->id];
    piece->length = take->left;
    piece->done = (take->flags & IORING_CQE_F_BUF_MORE) == 0;
    buffers->consumed[take->id] += take->left;
  } else {
    piece->data = buffer_ring_address(buffers, take->id);
    piece->length = take->left < buffers->size ? take->left : buffers->size;
    piece->done = 1;
  }
  take->left -= piece->length;
  if (buffers->bundle) {
    buffers->head += 1;
    take->id = buffers->slot_buffer[buffers->head & mask];
  }
  return 1;
}

/* After its data was handled: the piece's buffer back to the kernel if it is done with it. */
static inline void buffer_ring_release(struct buffer_ring* buffers,
                                       const struct buffer_piece* piece) {
  if (piece->done) buffer_ring_recycle_id(buffers, piece->id);
}

#endif
