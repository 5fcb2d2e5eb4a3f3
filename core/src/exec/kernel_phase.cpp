#include "exec/kernel_phase.h"

#include <utility>

namespace rb::exec {

void KernelPhase::begin() {
  last_.clear();
  counters_.begin_window();
}

void KernelPhase::end() {
  last_ = counters_.end_window();
}

void KernelPhase::attach(Sample& sample) {
  for (auto& [key, value] : std::exchange(last_, {})) sample.counters[key] = value;
}

}  // namespace rb::exec
