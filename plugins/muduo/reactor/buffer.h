// Buffer: a growable byte queue for socket I/O, laid out as
//   | prependable | readable | writable |
//   0        readerIndex  writerIndex  size
// The small reserved prefix lets a length header be prepended without moving the payload.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace rbmuduo {

class Buffer {
 public:
  static constexpr std::size_t kCheapPrepend = 8;
  static constexpr std::size_t kInitialSize = 1024;
  // readFd's stack spill area: one call can take this much beyond the writable space.
  static constexpr std::size_t kExtraBufferSize = 64 * 1024;

  explicit Buffer(std::size_t initialSize = kInitialSize);

  std::size_t readableBytes() const { return writerIndex_ - readerIndex_; }
  std::size_t writableBytes() const { return storage_.size() - writerIndex_; }
  std::size_t prependableBytes() const { return readerIndex_; }
  // Bytes allocated, including the prepend reserve.
  std::size_t capacity() const { return storage_.size(); }

  const char* peek() const { return storage_.data() + readerIndex_; }
  std::string_view readable() const { return {peek(), readableBytes()}; }

  void retrieve(std::size_t len);
  void retrieveAll();
  std::string retrieveAsString(std::size_t len);
  std::string retrieveAllAsString() { return retrieveAsString(readableBytes()); }

  void append(const void* data, std::size_t len);
  void append(std::string_view data) { append(data.data(), data.size()); }
  // Puts bytes in front of the readable ones; len must fit in prependableBytes().
  void prepend(const void* data, std::size_t len);

  void ensureWritableBytes(std::size_t len);
  char* beginWrite() { return storage_.data() + writerIndex_; }
  void hasWritten(std::size_t len);

  // Releases memory beyond the readable bytes plus `reserve` writable ones.
  void shrink(std::size_t reserve);
  void swap(Buffer& other) noexcept;

  // One readv(2) into the writable space and a 64 KiB stack buffer, so a single call
  // drains up to writable + 64 KiB without first growing the heap buffer. Returns read's
  // result; on -1, *savedErrno holds errno.
  ssize_t readFd(int fd, int* savedErrno);

 private:
  char* begin() { return storage_.data(); }
  // Grows the storage, or slides the readable bytes to the front when that frees enough.
  void makeSpace(std::size_t len);

  std::vector<char> storage_;
  std::size_t readerIndex_;
  std::size_t writerIndex_;
};

}  // namespace rbmuduo
