// One direction of the delay wire: the packets read from one end, in arrival order, each
// released no earlier than its arrival plus the wire's delay. The delay is the same for every
// packet, so due times never decrease and a FIFO keeps both the order and the times: only the
// head can be due. Times are given, never read here, so the caller's clock (or a test's)
// decides what "now" is. The buffers of released packets are kept and handed out again, so at
// a steady rate the queue allocates nothing per packet.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace delay_wire {

using Clock = std::chrono::steady_clock;
using TimePoint = Clock::time_point;
using Buffer = std::unique_ptr<std::uint8_t[]>;

struct Packet {
  Buffer bytes;
  std::size_t size = 0;
  TimePoint due{};
};

class DelayQueue {
 public:
  // At most `limit` packets wait at once (a full queue drops, as netem's does); every buffer
  // holds `packet_capacity` bytes (the devices' MTU).
  DelayQueue(std::chrono::nanoseconds delay, std::size_t limit, std::size_t packet_capacity);

  // A buffer of packet_capacity bytes to read the next packet into: a released packet's, or
  // a new one.
  Buffer buffer();
  // Queues the first `size` bytes of `bytes`, arrived at `arrival`, due at arrival + delay.
  // False when `limit` packets wait already: the packet is dropped (its buffer kept).
  bool push(Buffer bytes, std::size_t size, TimePoint arrival);
  // When the oldest packet is due; nullopt when none waits.
  std::optional<TimePoint> next_due() const;
  // The oldest packet if it is due at `now`, else nullptr.
  const Packet* due(TimePoint now) const;
  // Drops the oldest packet (once sent), keeping its buffer for buffer().
  void pop();
  std::size_t size() const { return waiting_.size(); }
  std::size_t packet_capacity() const { return packet_capacity_; }

 private:
  std::chrono::nanoseconds delay_;
  std::size_t limit_;
  std::size_t packet_capacity_;
  std::deque<Packet> waiting_;
  std::vector<Buffer> spare_;
};

}  // namespace delay_wire
