#include "flower_driver.h"

#include <unistd.h>

#include <stdexcept>

namespace rb_test {
namespace {

// A plugin that loses a byte is stopped after this long; a correct one needs milliseconds.
constexpr std::chrono::seconds kDispatchDeadline{20};

const rb_flower_ops& FlowerOpsOf(const rb_plugin& plugin) {
  if (plugin.flower == nullptr) {
    throw std::invalid_argument(std::string(plugin.name) + " has no flower table");
  }
  return *plugin.flower;
}

}  // namespace

FlowerDriver::FlowerDriver(const rb_plugin& plugin, const FlowerShape& shape)
    : shape_(shape), ring_(shape.pipes, shape.transport), session_(FlowerOpsOf(plugin)) {}

CallResult FlowerDriver::Prepare(const Options& options) {
  rb_flower_params params{};
  params.struct_size = sizeof params;
  params.pipes = shape_.pipes;
  params.active = shape_.active;
  params.writes = shape_.writes;
  params.read_fds = ring_.read_fds().data();
  params.write_fds = ring_.write_fds().data();
  return session_.try_prepare("prepare", *host_.services(), params, options);
}

CallResult FlowerDriver::RunIteration() {
  if (CallResult armed = session_.try_call("arm", &rb_flower_ops::arm); !armed.ok()) {
    return {armed.code, "arm: " + armed.message};
  }
  const uint32_t spacing = shape_.pipes / shape_.active;
  for (uint32_t i = 0; i < shape_.active; ++i) {
    if (write(ring_.write_fds()[i * spacing], "e", 1) != 1) {
      return {RB_ERR_SYSTEM, "host write into pipe " + std::to_string(i * spacing) + " failed"};
    }
  }
  host_.SetDeadlineFromNow(kDispatchDeadline);
  if (CallResult dispatched = session_.try_call("dispatch", &rb_flower_ops::dispatch);
      !dispatched.ok()) {
    return {dispatched.code, "dispatch: " + dispatched.message};
  }
  return {};
}

Counters FlowerDriver::ReadCounters() {
  return session_.counters();
}

}  // namespace rb_test
