#ifndef IO_URING_BUFFER_RING_H
#define IO_URING_BUFFER_RING_H

#include <liburing.h>
#include <stddef.h>
#include <stdint.h>

/* A registered ring of provided buffers (IORING_REGISTER_PBUF_RING, Linux 5.19): a recv with
 * IOSQE_BUFFER_SELECT takes one when data arrives, so no buffer waits idle per connection. The
 * completion names the buffer; the loop gives it back once the data is handled. liburing 2.3
 * has no io_uring_setup_buf_ring, so the ring's memory is allocated and registered here. */
struct buffer_ring {
  struct io_uring_buf_ring* ring;
  char* buffers;
  uint32_t count; /* a power of two */
  uint32_t size;  /* of each buffer */
  uint16_t group; /* the buffer group id SQEs name */
  int registered;
};

/* count buffers of size bytes in group `group` of the ring. RB_OK; RB_ERR_UNSUPPORTED when the
 * kernel has no buffer rings; RB_ERR_SYSTEM otherwise. buffer_ring_close is safe either way. */
int buffer_ring_open(struct buffer_ring* buffers, struct io_uring* ring, uint32_t count,
                     uint32_t size, uint16_t group, char* err, size_t err_len);
void buffer_ring_close(struct buffer_ring* buffers, struct io_uring* ring);

/* The buffer a completion with IORING_CQE_F_BUFFER filled. */
static inline char* buffer_ring_data(const struct buffer_ring* buffers, uint32_t cqe_flags) {
  return buffers->buffers + (size_t)(cqe_flags >> IORING_CQE_BUFFER_SHIFT) * buffers->size;
}

/* Gives that buffer back to the kernel. */
static inline void buffer_ring_recycle(struct buffer_ring* buffers, uint32_t cqe_flags) {
  const uint16_t id = (uint16_t)(cqe_flags >> IORING_CQE_BUFFER_SHIFT);
  io_uring_buf_ring_add(buffers->ring, buffers->buffers + (size_t)id * buffers->size, buffers->size,
                        id, io_uring_buf_ring_mask(buffers->count), 0);
  io_uring_buf_ring_advance(buffers->ring, 1);
}

#endif
