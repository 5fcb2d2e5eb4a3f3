#include "buffer_ring.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error_message.h"
#include "kernel_release.h"
#include "reactorbench/plugin.h"

int buffer_ring_open(struct buffer_ring* buffers, struct io_uring* ring, uint32_t count,
                     uint32_t size, uint16_t group, char* err, size_t err_len) {
  memset(buffers, 0, sizeof *buffers);
  const size_t page = (size_t)sysconf(_SC_PAGESIZE);
  void* entries = NULL;
  if (posix_memalign(&entries, page, count * sizeof(struct io_uring_buf)) != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for a buffer ring");
  buffers->ring = entries;
  buffers->buffers = malloc((size_t)count * size);
  if (buffers->buffers == NULL)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u buffers of %u bytes",
                        count, size);
  buffers->count = count;
  buffers->size = size;
  buffers->group = group;
  io_uring_buf_ring_init(buffers->ring);
  struct io_uring_buf_reg reg;
  memset(&reg, 0, sizeof reg);
  reg.ring_addr = (uint64_t)(uintptr_t)buffers->ring;
  reg.ring_entries = count;
  reg.bgid = group;
  const int rc = io_uring_register_buf_ring(ring, &reg, 0);
  if (rc == -EINVAL || rc == -EOPNOTSUPP)
    return report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "this kernel's io_uring (Linux %s) lacks provided buffer rings "
                        "(IORING_REGISTER_PBUF_RING, Linux 5.19; provided_buffers = on): %s",
                        kernel_release(), strerror(-rc));
  if (rc < 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "io_uring_register_buf_ring: %s",
                        strerror(-rc));
  buffers->registered = 1;
  const int mask = io_uring_buf_ring_mask(count);
  for (uint32_t i = 0; i < count; ++i)
    io_uring_buf_ring_add(buffers->ring, buffers->buffers + (size_t)i * size, size, (uint16_t)i,
                          mask, (int)i);
  io_uring_buf_ring_advance(buffers->ring, (int)count);
  return RB_OK;
}

void buffer_ring_close(struct buffer_ring* buffers, struct io_uring* ring) {
  if (buffers->registered) io_uring_unregister_buf_ring(ring, buffers->group);
  buffers->registered = 0;
  free(buffers->ring);
  free(buffers->buffers);
  buffers->ring = NULL;
  buffers->buffers = NULL;
}
