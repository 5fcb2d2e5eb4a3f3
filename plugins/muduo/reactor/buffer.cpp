#include "reactor/buffer.h"

#include <sys/uio.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace rbmuduo {

Buffer::Buffer(std::size_t initialSize)
    : storage_(kCheapPrepend + initialSize),
      readerIndex_(kCheapPrepend),
      writerIndex_(kCheapPrepend) {}

void Buffer::retrieve(std::size_t len) {
  if (len < readableBytes()) {
    readerIndex_ += len;
  } else {
    retrieveAll();
  }
}

void Buffer::retrieveAll() {
  // Empty again: reuse the whole storage from the front.
  readerIndex_ = kCheapPrepend;
  writerIndex_ = kCheapPrepend;
}

std::string Buffer::retrieveAsString(std::size_t len) {
  len = std::min(len, readableBytes());
  std::string result(peek(), len);
  retrieve(len);
  return result;
}

void Buffer::append(const void* data, std::size_t len) {
  ensureWritableBytes(len);
  if (len > 0) {
    std::memcpy(beginWrite(), data, len);
  }
  hasWritten(len);
}

void Buffer::prepend(const void* data, std::size_t len) {
  if (len > prependableBytes()) {
    throw std::length_error("Buffer::prepend: more bytes than the prependable space");
  }
  readerIndex_ -= len;
  if (len > 0) {
    std::memcpy(begin() + readerIndex_, data, len);
  }
}

void Buffer::ensureWritableBytes(std::size_t len) {
  if (writableBytes() < len) {
    makeSpace(len);
  }
}

void Buffer::hasWritten(std::size_t len) {
  if (len > writableBytes()) {
    throw std::length_error("Buffer::hasWritten: past the end of the storage");
  }
  writerIndex_ += len;
}

void Buffer::shrink(std::size_t reserve) {
  Buffer compact(readableBytes() + reserve);
  compact.append(peek(), readableBytes());
  swap(compact);
}

void Buffer::swap(Buffer& other) noexcept {
  storage_.swap(other.storage_);
  std::swap(readerIndex_, other.readerIndex_);
  std::swap(writerIndex_, other.writerIndex_);
}

ssize_t Buffer::readFd(int fd, int* savedErrno) {
  char extra[kExtraBufferSize];
  const std::size_t writable = writableBytes();
  iovec vec[2];
  vec[0].iov_base = beginWrite();
  vec[0].iov_len = writable;
  vec[1].iov_base = extra;
  vec[1].iov_len = sizeof extra;
  // With 64 KiB or more writable already, the spill area adds nothing.
  const int iovcnt = writable < sizeof extra ? 2 : 1;
  const ssize_t n = ::readv(fd, vec, iovcnt);
  if (n < 0) {
    *savedErrno = errno;
  } else if (static_cast<std::size_t>(n) <= writable) {
    writerIndex_ += static_cast<std::size_t>(n);
  } else {
    writerIndex_ = storage_.size();
    append(extra, static_cast<std::size_t>(n) - writable);
  }
  return n;
}

void Buffer::makeSpace(std::size_t len) {
  const std::size_t readable = readableBytes();
  if (writableBytes() + prependableBytes() < len + kCheapPrepend) {
    storage_.resize(writerIndex_ + len);
  } else {
    std::memmove(begin() + kCheapPrepend, begin() + readerIndex_, readable);
    readerIndex_ = kCheapPrepend;
    writerIndex_ = readerIndex_ + readable;
  }
}

}  // namespace rbmuduo
