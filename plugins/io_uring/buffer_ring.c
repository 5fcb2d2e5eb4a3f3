#include "buffer_ring.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error_message.h"
#include "kernel_release.h"
#include "reactorbench/plugin.h"

static int register_ring(struct buffer_ring* buffers, struct io_uring* ring, char* err,
                         size_t err_len) {
  struct io_uring_buf_reg reg;
  memset(&reg, 0, sizeof reg);
  reg.ring_addr = (uint64_t)(uintptr_t)buffers->ring;
  reg.ring_entries = kBufferRingSlots;
  reg.bgid = buffers->group;
  /* The kernel's struct calls the field after bgid `flags` (Linux 6.5); liburing 2.3's, `pad`. */
  if (buffers->incremental) reg.pad = kUringPbufRingIncremental;
  const int rc = io_uring_register_buf_ring(ring, &reg, 0);
  if ((rc == -EINVAL || rc == -EOPNOTSUPP) && buffers->incremental)
    return report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "this kernel's io_uring (Linux %s) lacks incrementally consumed buffer "
                        "rings (IOU_PBUF_RING_INC, Linux 6.12; incremental_buffers = on): %s",
                        kernel_release(), strerror(-rc));
  if (rc == -EINVAL || rc == -EOPNOTSUPP)
    return report_error(RB_ERR_UNSUPPORTED, err, err_len,
                        "this kernel's io_uring (Linux %s) lacks provided buffer rings "
                        "(IORING_REGISTER_PBUF_RING, Linux 5.19; provided_buffers = on): %s",
                        kernel_release(), strerror(-rc));
  if (rc < 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "io_uring_register_buf_ring: %s",
                        strerror(-rc));
  buffers->registered = 1;
  return RB_OK;
}

int buffer_ring_open(struct buffer_ring* buffers, struct io_uring* ring, uint32_t count,
                     uint32_t size, uint16_t group, int bundle, int incremental, char* err,
                     size_t err_len) {
  memset(buffers, 0, sizeof *buffers);
  buffers->size = size;
  buffers->group = group;
  buffers->bundle = bundle;
  buffers->incremental = incremental;
  const size_t page = (size_t)sysconf(_SC_PAGESIZE);
  void* entries = NULL;
  if (posix_memalign(&entries, page, kBufferRingSlots * sizeof(struct io_uring_buf)) != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for a buffer ring");
  buffers->ring = entries;
  if (incremental) {
    buffers->consumed = calloc(kBufferRingSlots, sizeof *buffers->consumed);
    if (buffers->consumed == NULL)
      return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for a buffer ring");
  }
  io_uring_buf_ring_init(buffers->ring);
  const int rc = register_ring(buffers, ring, err, err_len);
  if (rc != RB_OK) return rc;
  if (buffer_ring_grow(buffers, count) != 0)
    return report_error(RB_ERR_SYSTEM, err, err_len, "out of memory for %u buffers of %u bytes",
                        count, size);
  buffers->grown = 0; /* the first buffers are not growth */
  return RB_OK;
}

int buffer_ring_grow(struct buffer_ring* buffers, uint32_t count) {
  if (count > kBufferRingSlots) count = kBufferRingSlots;
  const uint32_t before = buffers->made;
  while (buffers->made < count) {
    /* Page-aligned: a large malloc comes from mmap 16 bytes past a page boundary, and the
     * kernel's copy into buffers at that offset cost ~7x per byte (results.md, "Where the
     * io_uring server's time goes"). */
    void* memory = NULL;
    if (posix_memalign(&memory, (size_t)sysconf(_SC_PAGESIZE),
                       (size_t)kBufferChunk * buffers->size) != 0)
      break;
    char* chunk = memory;
    const uint32_t first = buffers->made;
    buffers->chunks[first / kBufferChunk] = chunk;
    buffers->made += kBufferChunk;
    for (uint32_t id = first; id < buffers->made; ++id)
      buffer_ring_recycle_id(buffers, (uint16_t)id);
  }
  if (buffers->made > before) buffers->grown += 1;
  return buffers->made >= count ? 0 : -1;
}

void buffer_ring_close(struct buffer_ring* buffers, struct io_uring* ring) {
  if (buffers->registered) io_uring_unregister_buf_ring(ring, buffers->group);
  buffers->registered = 0;
  /* made stays: the counters report it after the loop closed. */
  for (uint32_t i = 0; i < buffers->made / kBufferChunk; ++i) {
    free(buffers->chunks[i]);
    buffers->chunks[i] = NULL;
  }
  free(buffers->ring);
  free(buffers->consumed);
  buffers->ring = NULL;
  buffers->consumed = NULL;
}
