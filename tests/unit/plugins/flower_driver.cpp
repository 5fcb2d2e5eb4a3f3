#include "flower_driver.h"

#include <unistd.h>

#include <array>
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
    : ops_(FlowerOpsOf(plugin)), shape_(shape), ring_(shape.pipes, shape.transport) {}

FlowerDriver::~FlowerDriver() {
  if (state_ != nullptr) ops_.release(state_);
}

CallResult FlowerDriver::Prepare(const Options& options) {
  std::vector<rb_option> plugin_options;
  for (const auto& [key, value] : options) plugin_options.push_back({key.c_str(), value.c_str()});
  rb_flower_params params{};
  params.struct_size = sizeof params;
  params.pipes = shape_.pipes;
  params.active = shape_.active;
  params.writes = shape_.writes;
  params.read_fds = ring_.read_fds().data();
  params.write_fds = ring_.write_fds().data();
  std::array<char, 512> err{};
  CallResult result;
  result.code =
      ops_.prepare(host_.services(), &params, plugin_options.data(),
                   static_cast<uint32_t>(plugin_options.size()), &state_, err.data(), err.size());
  result.message = err.data();
  if (!result.ok()) state_ = nullptr;
  return result;
}

CallResult FlowerDriver::RunIteration() {
  std::array<char, 512> err{};
  if (int code = ops_.arm(state_, err.data(), err.size()); code != RB_OK) {
    return {code, std::string("arm: ") + err.data()};
  }
  const uint32_t spacing = shape_.pipes / shape_.active;
  for (uint32_t i = 0; i < shape_.active; ++i) {
    if (write(ring_.write_fds()[i * spacing], "e", 1) != 1) {
      return {RB_ERR_SYSTEM, "host write into pipe " + std::to_string(i * spacing) + " failed"};
    }
  }
  host_.SetDeadlineFromNow(kDispatchDeadline);
  if (int code = ops_.dispatch(state_, err.data(), err.size()); code != RB_OK) {
    return {code, std::string("dispatch: ") + err.data()};
  }
  return {};
}

Counters FlowerDriver::ReadCounters() {
  Counters counters;
  rb_counter_sink sink{};
  sink.ctx = &counters;
  sink.put = [](void* ctx, const char* name, uint64_t value) {
    (*static_cast<Counters*>(ctx))[name] = value;
  };
  std::array<char, 512> err{};
  if (ops_.counters(state_, &sink, err.data(), err.size()) != RB_OK) {
    throw std::runtime_error(std::string("counters: ") + err.data());
  }
  return counters;
}

}  // namespace rb_test
