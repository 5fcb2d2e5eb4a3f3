// Plugins that were renamed: the old name stays loadable, and a stored history or a config
// that says it means the plugin by its new name, so old and new runs still pair cell by cell.
// "muduo" is the old name of "muduo-style": the project's reimplementation of a muduo-style
// reactor (plugins/muduo), not the muduo library, which its old name suggested.
#pragma once

#include <string>
#include <string_view>

namespace rb {

// The name a plugin goes by now: `name` itself, unless it is the old name of a renamed one.
std::string current_plugin_name(std::string_view name);

// A cell's plugin label ("A", or "A/B" with a plugin per role) with every old name in it
// replaced by its current one: the key under which a cell's runs pair ("muduo/libuv" and
// "muduo-style/libuv" are one cell).
std::string current_plugin_label(std::string_view label);

}  // namespace rb
