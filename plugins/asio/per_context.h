// One T per io_context, each on its own cache line: a context's thread writes only its own,
// so the threads never share a line on the hot path.
#pragma once

#include <cstddef>
#include <vector>

namespace rbasio {

template <typename T>
class PerContext {
 public:
  explicit PerContext(std::size_t contexts) : slots_(contexts) {}

  T& operator[](std::size_t index) { return slots_[index].value; }

  // The contexts' counts added up (T's +=); read once their threads have joined.
  T sum() const {
    T total{};
    for (const Slot& slot : slots_) total += slot.value;
    return total;
  }

 private:
  struct alignas(64) Slot {
    T value;
  };
  std::vector<Slot> slots_;
};

}  // namespace rbasio
