// One prepare..release of a plugin's workload table, as the host drives it: the first call
// with the user's options, typed calls on the plugin's state, its counters, and release exactly
// once on every path out (an error, an exception, an early return; after a failed prepare
// there is nothing to release, so release is not called). The runner, the conformance checks
// and the unit-test drivers all drive plugins through it.
//
// Every call goes through a hook, hook(phase, fn) -> fn(): the conformance checks pass their
// phase watchdog (workload/checks/watched_session.h). The default hook only calls fn, inline, so on
// the runner's path nothing sits between the host's timestamps and the plugin's call.
#pragma once

#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "plugin/plugin_call.h"
#include "plugin/plugin_table.h"
#include "reactorbench/plugin.h"

namespace rb::plugin {

// A call's name in failure messages, and what a watchdog hook says should it overrun (empty:
// the watchdog's own wording). Views: the caller's strings outlive the call.
struct Phase {
  Phase(const char* name) : name(name) {}  // NOLINT: a plain name converts implicitly
  Phase(std::string_view name, std::string_view overrun) : name(name), overrun(overrun) {}
  std::string_view name;
  std::string_view overrun;
};

// The runner's hook: the call itself, nothing around it.
struct Unwatched {
  template <typename Fn>
  decltype(auto) operator()(const Phase&, Fn&& fn) const {
    return fn();
  }
};

template <typename Ops, typename Hook = Unwatched>
class PluginSession {
 public:
  using Params = typename PluginTable<Ops>::Params;

  // `ops` (a loaded plugin's host copy, or a descriptor's own table) must outlive the session.
  explicit PluginSession(const Ops& ops, Hook hook = {}) : ops_(ops), hook_(std::move(hook)) {}
  ~PluginSession() { release(); }
  PluginSession(const PluginSession&) = delete;
  PluginSession& operator=(const PluginSession&) = delete;

  // The table's first call, once per session. Throws CellFailure "<phase> failed (<code>):
  // <message>". The session keeps its own copies of params and options until release, so the
  // plugin may point into them.
  void prepare(Phase phase, const rb_host& host, const Params& params,
               const PluginOptions& options) {
    keep(params, options);
    hook_(phase, [&] {
      call_plugin(phase.name, [&](char* err, size_t len) { return first_call(host, err, len); });
    });
    prepared_ = true;
  }

  // The same, returning the plugin's code and message instead of throwing.
  CallOutcome try_prepare(Phase phase, const rb_host& host, const Params& params,
                          const PluginOptions& options) {
    keep(params, options);
    CallOutcome outcome = hook_(phase, [&] {
      return try_plugin_call([&](char* err, size_t len) { return first_call(host, err, len); });
    });
    prepared_ = outcome.ok();
    if (!prepared_) state_ = nullptr;
    return outcome;
  }

  // (ops.*member)(state, args..., err, len), e.g. call("arm", &rb_flower_ops::arm). Throws
  // CellFailure naming the phase.
  template <typename Member, typename... Args>
  void call(Phase phase, Member member, Args... args) {
    hook_(phase, [&] {
      call_plugin(phase.name,
                  [&](char* err, size_t len) { return (ops_.*member)(state_, args..., err, len); });
    });
  }

  // The same, returning the plugin's code and message instead of throwing.
  template <typename Member, typename... Args>
  CallOutcome try_call(Phase phase, Member member, Args... args) {
    return hook_(phase, [&] {
      return try_plugin_call(
          [&](char* err, size_t len) { return (ops_.*member)(state_, args..., err, len); });
    });
  }

  // Throws CellFailure naming the phase.
  Counters counters(Phase phase = "counters") {
    return hook_(phase, [&] {
      return collect_counters(phase.name, [&](const rb_counter_sink* sink, char* err, size_t len) {
        return ops_.counters(state_, sink, err, len);
      });
    });
  }

  // Releases what a successful prepare made; later calls (and the destructor's) do nothing.
  void release() {
    if (!prepared_) return;
    prepared_ = false;
    hook_(Phase("release"), [&] { ops_.release(state_); });
  }

  bool prepared() const { return prepared_; }
  const Ops& ops() const { return ops_; }
  // For what drives the plugin beside the session's calls (notify's producer threads post).
  void* state() const { return state_; }

 private:
  void keep(const Params& params, const PluginOptions& options) {
    if (prepared_) throw std::logic_error("a PluginSession is prepared once");
    params_ = params;
    options_ = options;
    option_array_.emplace(options_);
  }

  int first_call(const rb_host& host, char* err, size_t len) {
    return (ops_.*PluginTable<Ops>::first_call)(&host, &params_, option_array_->data(),
                                                option_array_->size(), &state_, err, len);
  }

  const Ops& ops_;
  Hook hook_;
  Params params_{};
  PluginOptions options_;
  std::optional<OptionArray> option_array_;
  void* state_ = nullptr;
  bool prepared_ = false;
};

}  // namespace rb::plugin
