// The buffer ring's buffers start on page boundaries: at malloc's mmap offset (16 bytes past a
// page) the kernel's copy into them cost ~7x per byte, the io_uring server's whole loss to
// raw-epoll on CPU per MiB (docs/results.md, "Where the io_uring server's time goes").
#include <gtest/gtest.h>
#include <liburing.h>  // before the C header: liburing declares its own C linkage
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

extern "C" {
#include "buffer_ring.h"
}

namespace {

TEST(BufferRing, EveryBufferStartsOnAPageBoundary) {
  static buffer_ring buffers;  // large: not on the stack
  std::memset(&buffers, 0, sizeof buffers);
  buffers.size = 16384;
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  void* entries = nullptr;
  ASSERT_EQ(posix_memalign(&entries, page, kBufferRingSlots * sizeof(io_uring_buf)), 0);
  buffers.ring = static_cast<io_uring_buf_ring*>(entries);
  io_uring_buf_ring_init(buffers.ring);
  ASSERT_EQ(buffer_ring_grow(&buffers, 3 * kBufferChunk), 0);
  ASSERT_EQ(buffers.made, 3u * kBufferChunk);
  int off_page = 0;
  for (uint32_t id = 0; id < buffers.made; ++id)
    off_page += reinterpret_cast<std::uintptr_t>(buffer_ring_address(&buffers, id)) % page != 0;
  EXPECT_EQ(off_page, 0) << "of " << buffers.made << " buffers of 16 KiB";
  for (auto* chunk : buffers.chunks) std::free(chunk);
  std::free(entries);
}

}  // namespace
