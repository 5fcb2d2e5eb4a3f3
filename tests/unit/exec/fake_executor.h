// A CellExecutor that spawns nothing (exec/cell_executor.h): each attempt ends as its script
// says (ok with its samples unless told otherwise), and every call is recorded, so the cell
// loop's order, retries, failures and interrupts are checked without a child process.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "exec/cell_executor.h"
#include "exec/round_outcome.h"

namespace rbtest {

class FakeExecutor final : public rb::exec::CellExecutor {
 public:
  struct Call {
    std::string how;                 // "alone", "lockstep" or "duet"
    std::vector<std::size_t> cells;  // CellSpec::index of each member
    int round = 0;
    int attempt = 0;
  };
  // How one attempt of one cell's round ends.
  struct Script {
    rb::CellStatus status = rb::CellStatus::ok;
    std::string reason = {};
    bool disturbed = false;  // half of the round's CPU busy with other work
  };

  FakeExecutor(int warmup, int repetitions) : warmup_(warmup), repetitions_(repetitions) {}

  // The attempt `attempt` of cell `cell`'s round `round`, run `how` ("alone", "lockstep",
  // "duet"), ends as `script` says.
  void script(std::size_t cell, int round, int attempt, Script script, std::string how = "alone") {
    scripts_[{std::move(how), cell, round, attempt}] = std::move(script);
  }
  const std::vector<Call>& calls() const { return calls_; }
  // Told of each call as it starts (a test interrupts the run here).
  std::function<void(const Call&)> on_call;

  rb::exec::MeasuredRound run_alone(const rb::CellSpec& cell, int round, int attempt,
                                    const rb::exec::SampleSink& on_sample) override {
    record({"alone", {cell.index}, round, attempt});
    const Script& s = script_of("alone", cell.index, round, attempt);
    return {outcome(cell, round, s, on_sample), interference(round, attempt, s.disturbed)};
  }
  rb::exec::MeasuredGroup run_lockstep(const std::vector<const rb::CellSpec*>& group, int round,
                                       int attempt,
                                       const rb::exec::MemberSampleSink& on_sample) override {
    return run_group("lockstep", group, round, attempt, on_sample);
  }
  rb::exec::MeasuredGroup run_duet(const std::vector<const rb::CellSpec*>& group, int round,
                                   int attempt,
                                   const rb::exec::MemberSampleSink& on_sample) override {
    return run_group("duet", group, round, attempt, on_sample);
  }

 private:
  void record(Call call) {
    calls_.push_back(std::move(call));
    if (on_call) on_call(calls_.back());
  }

  const Script& script_of(const std::string& how, std::size_t cell, int round, int attempt) const {
    static const Script ok;
    const auto it = scripts_.find({how, cell, round, attempt});
    return it == scripts_.end() ? ok : it->second;
  }

  // An ok attempt measures every iteration (setup_us = 10 x (cell + 1) + iteration); a
  // failed one measures none.
  rb::exec::CellProcessResult outcome(const rb::CellSpec& cell, int round, const Script& script,
                                      const rb::exec::SampleSink& on_sample) const {
    rb::exec::CellProcessResult out;
    out.status = script.status;
    out.reason = script.reason;
    out.rusage.user_s = 0.25;
    if (script.status != rb::CellStatus::ok) return out;
    for (int i = 0; i < warmup_ + repetitions_; ++i) {
      rb::Sample sample;
      sample.round = round;
      sample.iteration = i;
      sample.warmup = i < warmup_;
      sample.metrics["setup_us"] = 10.0 * static_cast<double>(cell.index + 1) + i;
      sample.metrics["dispatch_us"] = 1.0;
      on_sample(sample);
      out.samples.push_back(std::move(sample));
    }
    return out;
  }

  static rb::RoundInterference interference(int round, int attempt, bool disturbed) {
    rb::RoundInterference r;
    r.round = round;
    r.attempt = attempt;
    r.cpus = {0};
    r.wall_s = 0.5;
    r.foreign_cpu_share = disturbed ? 0.5 : 0.0;
    r.disturbed = disturbed;
    return r;
  }

  rb::exec::MeasuredGroup run_group(const char* how, const std::vector<const rb::CellSpec*>& group,
                                    int round, int attempt,
                                    const rb::exec::MemberSampleSink& on_sample) {
    Call call{how, {}, round, attempt};
    for (const rb::CellSpec* cell : group) call.cells.push_back(cell->index);
    record(call);
    rb::exec::MeasuredGroup out;
    bool disturbed = false;
    for (std::size_t k = 0; k < group.size(); ++k) {
      const Script& s = script_of(how, group[k]->index, round, attempt);
      disturbed = disturbed || s.disturbed;
      out.members.push_back(
          outcome(*group[k], round, s, [&](const rb::Sample& sample) { on_sample(k, sample); }));
    }
    out.total = {rb::exec::group_total(out.members), interference(round, attempt, disturbed)};
    return out;
  }

  const int warmup_;
  const int repetitions_;
  std::map<std::tuple<std::string, std::size_t, int, int>, Script> scripts_;
  std::vector<Call> calls_;
};

}  // namespace rbtest
