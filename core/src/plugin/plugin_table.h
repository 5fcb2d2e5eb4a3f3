// What a host-side session needs to know of each workload table: the first call, which makes
// the plugin's state, and the params it takes. Every table then has counters(state, sink,
// err, len) and release(state); its other calls are the session's typed calls. The first
// call is prepare, except notify's start.
#pragma once

#include <type_traits>

#include "reactorbench/plugin.h"

namespace rb::plugin {

// The params of a first call: int (*)(const rb_host*, const Params*, options, count, state,
// err, err_len).
template <typename FirstCall>
struct FirstCallParams;

template <typename Ops, typename Params, typename... Rest>
struct FirstCallParams<int (*Ops::*)(const rb_host*, const Params*, Rest...)> {
  using type = Params;
};

template <typename Ops>
struct PluginTable {
  static constexpr auto first_call = &Ops::prepare;
  using Params = typename FirstCallParams<std::remove_const_t<decltype(first_call)>>::type;
};

template <>
struct PluginTable<rb_notify_ops> {
  static constexpr auto first_call = &rb_notify_ops::start;
  using Params = rb_notify_params;
};

}  // namespace rb::plugin
