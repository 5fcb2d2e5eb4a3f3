// Calling into a plugin: the error buffer, the return code and the counters, in one place.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/cell_failure.h"
#include "reactorbench/plugin.h"

namespace rb::plugin {

const char* describe_rb_error(int code);

// Runs fn(err, len); on a non-RB_OK return throws CellFailure "<phase> failed (<code>): <err>".
template <typename Fn>
void call_plugin(std::string_view phase, Fn&& fn) {
  char err[1024] = {0};
  const int rc = fn(err, sizeof err);
  if (rc != RB_OK) {
    err[sizeof err - 1] = '\0';
    throw CellFailure(std::string(phase) + " failed (" + describe_rb_error(rc) +
                      "): " + (err[0] != '\0' ? err : "no message"));
  }
}

// What a call returned, for the callers that judge an error themselves rather than fail on it.
struct CallOutcome {
  int code = RB_OK;
  std::string message;  // the plugin's error text; empty when it wrote none
  bool ok() const { return code == RB_OK; }
};

// Runs fn(err, len) and keeps its code and message.
template <typename Fn>
CallOutcome try_plugin_call(Fn&& fn) {
  char err[1024] = {0};
  const int code = fn(err, sizeof err);
  err[sizeof err - 1] = '\0';
  return {code, err};
}

using PluginOptions = std::vector<std::pair<std::string, std::string>>;

// Keeps the strings rb_option points into alive for the call.
class OptionArray {
 public:
  explicit OptionArray(const PluginOptions& options);
  const rb_option* data() const { return items_.empty() ? nullptr : items_.data(); }
  uint32_t size() const { return static_cast<uint32_t>(items_.size()); }

 private:
  std::vector<rb_option> items_;
};

using Counters = std::map<std::string, std::uint64_t>;

// Asks the plugin for its counters through a sink that collects them.
template <typename CountersFn>
Counters collect_counters(std::string_view phase, CountersFn&& fn) {
  Counters counters;
  rb_counter_sink sink{&counters, [](void* ctx, const char* name, uint64_t value) {
                         if (name != nullptr) (*static_cast<Counters*>(ctx))[name] = value;
                       }};
  call_plugin(phase, [&](char* err, size_t len) { return fn(&sink, err, len); });
  return counters;
}

}  // namespace rb::plugin
