#include "delay_queue.h"

#include <utility>

namespace delay_wire {

DelayQueue::DelayQueue(std::chrono::nanoseconds delay, std::size_t limit,
                       std::size_t packet_capacity)
    : delay_(delay), limit_(limit), packet_capacity_(packet_capacity) {}

Buffer DelayQueue::buffer() {
  if (spare_.empty()) return Buffer(new std::uint8_t[packet_capacity_]);
  Buffer reused = std::move(spare_.back());
  spare_.pop_back();
  return reused;
}

bool DelayQueue::push(Buffer bytes, std::size_t size, TimePoint arrival) {
  if (waiting_.size() >= limit_) {
    spare_.push_back(std::move(bytes));
    return false;
  }
  waiting_.push_back(Packet{std::move(bytes), size, arrival + delay_});
  return true;
}

std::optional<TimePoint> DelayQueue::next_due() const {
  if (waiting_.empty()) return std::nullopt;
  return waiting_.front().due;
}

const Packet* DelayQueue::due(TimePoint now) const {
  if (waiting_.empty() || waiting_.front().due > now) return nullptr;
  return &waiting_.front();
}

void DelayQueue::pop() {
  spare_.push_back(std::move(waiting_.front().bytes));
  waiting_.pop_front();
}

}  // namespace delay_wire
