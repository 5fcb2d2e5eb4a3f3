// The delay wire's queue on a clock the test sets: packets come out in the order they went
// in, none before its arrival plus the delay, each as soon as it is due; a full queue drops.
#include "delay_queue.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

namespace delay_wire {
namespace {

using std::chrono::milliseconds;
using std::chrono::nanoseconds;

const TimePoint kStart = TimePoint(std::chrono::seconds(1000));

void push_text(DelayQueue& queue, const std::string& text, TimePoint arrival) {
  Buffer bytes = queue.buffer();
  std::memcpy(bytes.get(), text.data(), text.size());
  ASSERT_TRUE(queue.push(std::move(bytes), text.size(), arrival)) << text;
}

std::string head_text(const DelayQueue& queue, TimePoint now) {
  const Packet* packet = queue.due(now);
  if (packet == nullptr) return "(none due)";
  return std::string(reinterpret_cast<const char*>(packet->bytes.get()), packet->size);
}

TEST(DelayQueue, NothingIsDueBeforeItsArrivalPlusTheDelay) {
  DelayQueue queue(milliseconds(20), 100, 64);
  push_text(queue, "first", kStart);
  EXPECT_EQ(queue.next_due(), kStart + milliseconds(20));
  EXPECT_EQ(head_text(queue, kStart), "(none due)");
  EXPECT_EQ(head_text(queue, kStart + milliseconds(20) - nanoseconds(1)), "(none due)");
  EXPECT_EQ(head_text(queue, kStart + milliseconds(20)), "first");
}

TEST(DelayQueue, PacketsLeaveInTheOrderTheyCameEachWhenDue) {
  DelayQueue queue(milliseconds(5), 100, 64);
  push_text(queue, "a", kStart);
  push_text(queue, "b", kStart + milliseconds(1));
  push_text(queue, "c", kStart + milliseconds(1));  // same arrival: still after b
  push_text(queue, "d", kStart + milliseconds(3));
  std::string released;
  // Steps of 1 ms: what is due at each step leaves, the rest waits.
  for (TimePoint now = kStart; now <= kStart + milliseconds(10); now += milliseconds(1)) {
    while (const Packet* packet = queue.due(now)) {
      EXPECT_GE(now, packet->due);
      released += std::string(reinterpret_cast<const char*>(packet->bytes.get()), packet->size);
      released += "@" + std::to_string((now - kStart) / milliseconds(1)) + " ";
      queue.pop();
    }
  }
  EXPECT_EQ(released, "a@5 b@6 c@6 d@8 ");
  EXPECT_EQ(queue.size(), 0u);
  EXPECT_FALSE(queue.next_due().has_value());
}

TEST(DelayQueue, WithNoDelayAPacketIsDueOnArrival) {
  DelayQueue queue(nanoseconds(0), 100, 64);
  push_text(queue, "now", kStart);
  EXPECT_EQ(head_text(queue, kStart), "now");
}

TEST(DelayQueue, AFullQueueDropsTheNewPacketAndKeepsTheOthers) {
  DelayQueue queue(milliseconds(1), 2, 64);
  push_text(queue, "one", kStart);
  push_text(queue, "two", kStart);
  Buffer extra = queue.buffer();
  EXPECT_FALSE(queue.push(std::move(extra), 5, kStart));
  EXPECT_EQ(queue.size(), 2u);
  EXPECT_EQ(head_text(queue, kStart + milliseconds(1)), "one");
}

TEST(DelayQueue, ReleasedBuffersAreHandedOutAgain) {
  DelayQueue queue(nanoseconds(0), 100, 64);
  push_text(queue, "x", kStart);
  const std::uint8_t* used = queue.due(kStart)->bytes.get();
  queue.pop();
  EXPECT_EQ(queue.buffer().get(), used);
}

}  // namespace
}  // namespace delay_wire
