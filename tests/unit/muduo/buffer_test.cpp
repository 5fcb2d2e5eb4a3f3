#include "reactor/buffer.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include <gtest/gtest.h>

namespace rbmuduo {
namespace {

class SocketPair {
 public:
  SocketPair() { EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, fds_), 0); }
  ~SocketPair() {
    ::close(fds_[0]);
    ::close(fds_[1]);
  }
  int reader() const { return fds_[0]; }
  // Writes all of data; the socket buffer holds it because nobody reads concurrently.
  void send(const std::string& data) const {
    std::size_t done = 0;
    while (done < data.size()) {
      const ssize_t n = ::write(fds_[1], data.data() + done, data.size() - done);
      ASSERT_GT(n, 0) << "socket buffer too small for the test";
      done += static_cast<std::size_t>(n);
    }
  }

 private:
  int fds_[2] = {-1, -1};
};

std::string pattern(std::size_t size) {
  std::string data(size, '\0');
  for (std::size_t i = 0; i < size; ++i) data[i] = static_cast<char>('a' + i % 26);
  return data;
}

TEST(Buffer, StartsEmptyWithPrependReserve) {
  Buffer buffer;
  EXPECT_EQ(buffer.readableBytes(), 0u);
  EXPECT_EQ(buffer.writableBytes(), Buffer::kInitialSize);
  EXPECT_EQ(buffer.prependableBytes(), Buffer::kCheapPrepend);
}

TEST(Buffer, AppendThenRetrieveInParts) {
  Buffer buffer;
  buffer.append(std::string(200, 'x'));
  EXPECT_EQ(buffer.readableBytes(), 200u);
  EXPECT_EQ(buffer.writableBytes(), Buffer::kInitialSize - 200);

  EXPECT_EQ(buffer.retrieveAsString(50), std::string(50, 'x'));
  EXPECT_EQ(buffer.readableBytes(), 150u);
  EXPECT_EQ(buffer.prependableBytes(), Buffer::kCheapPrepend + 50);

  EXPECT_EQ(buffer.retrieveAllAsString(), std::string(150, 'x'));
  EXPECT_EQ(buffer.readableBytes(), 0u);
  EXPECT_EQ(buffer.prependableBytes(), Buffer::kCheapPrepend);
  EXPECT_EQ(buffer.writableBytes(), Buffer::kInitialSize);
}

TEST(Buffer, GrowsWhenAppendExceedsFreeSpace) {
  Buffer buffer;
  const std::string first = pattern(400);
  const std::string second = pattern(1000);
  buffer.append(first);
  buffer.append(second);
  EXPECT_EQ(buffer.readableBytes(), 1400u);
  EXPECT_GE(buffer.capacity(), Buffer::kCheapPrepend + 1400);
  EXPECT_EQ(buffer.readable(), first + second);
}

TEST(Buffer, SlidesDataForwardInsteadOfGrowingWhenRetrievedSpaceSuffices) {
  Buffer buffer;
  buffer.append(pattern(800));
  buffer.retrieve(500);
  const std::size_t capacityBefore = buffer.capacity();
  // 224 writable + 500 reclaimable: 600 more fits without allocating.
  buffer.append(std::string(600, 'z'));
  EXPECT_EQ(buffer.capacity(), capacityBefore);
  EXPECT_EQ(buffer.prependableBytes(), Buffer::kCheapPrepend);
  EXPECT_EQ(buffer.readable(), pattern(800).substr(500) + std::string(600, 'z'));
}

TEST(Buffer, PrependWritesInFrontOfReadableBytes) {
  Buffer buffer;
  buffer.append(std::string("payload"));
  const char header[4] = {'L', 'E', 'N', ':'};
  buffer.prepend(header, sizeof header);
  EXPECT_EQ(buffer.readable(), "LEN:payload");
  EXPECT_EQ(buffer.prependableBytes(), Buffer::kCheapPrepend - sizeof header);
  char tooMuch[Buffer::kCheapPrepend] = {};
  EXPECT_THROW(buffer.prepend(tooMuch, sizeof tooMuch), std::length_error);
}

TEST(Buffer, ShrinkKeepsReadableBytesAndRequestedReserve) {
  Buffer buffer;
  buffer.append(pattern(5000));
  buffer.retrieve(4900);
  buffer.shrink(10);
  EXPECT_EQ(buffer.readable(), pattern(5000).substr(4900));
  EXPECT_EQ(buffer.capacity(), Buffer::kCheapPrepend + 100 + 10);
}

TEST(Buffer, ReadFdFitsInWritableSpace) {
  SocketPair pair;
  pair.send("hello");
  Buffer buffer;
  int savedErrno = 0;
  EXPECT_EQ(buffer.readFd(pair.reader(), &savedErrno), 5);
  EXPECT_EQ(buffer.readable(), "hello");
  EXPECT_EQ(buffer.capacity(), Buffer::kCheapPrepend + Buffer::kInitialSize);
}

TEST(Buffer, ReadFdSpillsBeyondWritableIntoTheExtraBuffer) {
  SocketPair pair;
  const std::string data = pattern(10000);
  pair.send(data);
  Buffer buffer;
  int savedErrno = 0;
  // One call takes all of it although only 1024 bytes were writable.
  EXPECT_EQ(buffer.readFd(pair.reader(), &savedErrno), 10000);
  EXPECT_EQ(buffer.readable(), data);
}

TEST(Buffer, ReadFdTakesAtMostWritablePlusExtraPerCall) {
  SocketPair pair;
  const std::size_t oneCall = Buffer::kInitialSize + Buffer::kExtraBufferSize;
  const std::string data = pattern(oneCall + 3000);
  pair.send(data);
  Buffer buffer;
  int savedErrno = 0;
  EXPECT_EQ(buffer.readFd(pair.reader(), &savedErrno), static_cast<ssize_t>(oneCall));
  EXPECT_EQ(buffer.readFd(pair.reader(), &savedErrno), 3000);
  EXPECT_EQ(buffer.readable(), data);
}

TEST(Buffer, ReadFdReportsErrnoWhenNothingToRead) {
  SocketPair pair;
  Buffer buffer;
  int savedErrno = 0;
  EXPECT_EQ(buffer.readFd(pair.reader(), &savedErrno), -1);
  EXPECT_EQ(savedErrno, EAGAIN);
  EXPECT_EQ(buffer.readableBytes(), 0u);
}

}  // namespace
}  // namespace rbmuduo
