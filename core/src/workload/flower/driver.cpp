#include "workload/flower/driver.h"

#include <unistd.h>

#include <fmt/format.h>
#include <cerrno>
#include <cstring>

#include "plugin/loader.h"
#include "plugin/plugin_session.h"
#include "workload/fd_pairs.h"

namespace rb::workload {
namespace {

// stdin/out/err, the sample pipe, the plugin's own epoll/eventfd/log fds, dlopen's transient.
constexpr long kFdMargin = 32;

struct FlowerShape {
  uint32_t pipes;
  uint32_t active;
  uint32_t writes;
  std::string transport;
};

FlowerShape shape_of(const CellSpec& cell) {
  return {static_cast<uint32_t>(cell.get_int("pipes")),
          static_cast<uint32_t>(cell.get_int("active")),
          static_cast<uint32_t>(cell.get_int("writes")), cell.get_string("transport")};
}

// The bytes bench.c writes before it starts the dispatch clock: one into each of `active`
// evenly spaced pipes. The host writes them, not the plugin, so every plugin starts alike.
void inject_first_bytes(const FdPairs& fds, const FlowerShape& shape) {
  const uint32_t space = shape.pipes / shape.active;
  for (uint32_t i = 0; i < shape.active; ++i) {
    const int fd = fds.write_fds()[i * space];
    if (::write(fd, "e", 1) != 1)
      throw CellFailure(
          fmt::format("host could not prime pipe {}: {}", i * space, std::strerror(errno)));
  }
}

uint64_t counter_or_fail(const plugin::Counters& counters, const char* name) {
  const auto it = counters.find(name);
  if (it == counters.end())
    throw CellFailure(fmt::format("plugin did not report the required counter '{}'", name));
  return it->second;
}

void verify_iteration(const plugin::Counters& counters, const FlowerShape& shape, int iteration) {
  const uint64_t expected_reads = uint64_t{shape.active} + shape.writes;
  const uint64_t reads = counter_or_fail(counters, "reads");
  const uint64_t writes = counter_or_fail(counters, "writes");
  if (reads != expected_reads || writes != shape.writes)
    throw CellFailure(fmt::format(
        "iteration {}: expected {} reads and {} writes (active {} + writes {}), got {} reads and "
        "{} writes",
        iteration, expected_reads, shape.writes, shape.active, shape.writes, reads, writes));
}

double micros(uint64_t from_ns, uint64_t to_ns) {
  return static_cast<double>(to_ns - from_ns) / 1e3;
}

}  // namespace

std::optional<EventCount> FlowerWorkload::events_in(const CellSpec&, const Sample& sample) const {
  const auto it = sample.counters.find("reads");
  if (it == sample.counters.end()) return std::nullopt;
  return EventCount{"read", static_cast<double>(it->second)};
}

long FlowerWorkload::fds_needed(const CellSpec& cell) const {
  return 2 * cell.get_int("pipes") + kFdMargin;
}

std::optional<std::string> FlowerWorkload::skip_reason(const CellSpec& cell,
                                                       long fd_hard_limit) const {
  const auto shape = shape_of(cell);
  if (shape.active > shape.pipes)
    return fmt::format("active ({}) > pipes ({}): cannot prime more pipes than exist", shape.active,
                       shape.pipes);
  return Workload::skip_reason(cell, fd_hard_limit);
}

void FlowerWorkload::run(const plugin::LoadedPlugin& plugin, const rb_host& host,
                         const CellInputs& inputs, const SampleSink& sink) const {
  if (!plugin.flower) throw CellFailure("plugin does not offer the flower workload");
  const FlowerShape shape = shape_of(inputs.cell);

  FdPairs fds(shape.pipes, shape.transport);
  const rb_flower_params params{
      sizeof(rb_flower_params), shape.pipes,           shape.active, shape.writes,
      fds.read_fds().data(),    fds.write_fds().data()};
  // release runs whatever happens next; the plugin's failure is reported after it.
  plugin::PluginSession<rb_flower_ops> session(*plugin.flower);
  session.prepare("prepare", host, params, inputs.options);

  const int total = inputs.warmup + inputs.repetitions;
  for (int i = 0; i < total; ++i) {
    // arm to dispatch's end (total_us): the host's priming writes, `active` of them, count too.
    MeasuredScope measured(inputs.phase);
    const uint64_t t_arm = host.now_ns(host.ctx);
    session.call("arm", &rb_flower_ops::arm);
    const uint64_t t_armed = host.now_ns(host.ctx);
    inject_first_bytes(fds, shape);
    const uint64_t t_dispatch = host.now_ns(host.ctx);
    session.call("dispatch", &rb_flower_ops::dispatch);
    const uint64_t t_done = host.now_ns(host.ctx);
    measured.end();

    plugin::Counters counters = session.counters();
    verify_iteration(counters, shape, i);

    Sample sample;
    sample.round = inputs.round;
    sample.iteration = i;
    sample.warmup = i < inputs.warmup;
    sample.metrics = {{"setup_us", micros(t_arm, t_armed)},
                      {"dispatch_us", micros(t_dispatch, t_done)},
                      {"total_us", micros(t_arm, t_done)}};
    sample.counters = std::move(counters);
    sink(sample);
  }
}

}  // namespace rb::workload
