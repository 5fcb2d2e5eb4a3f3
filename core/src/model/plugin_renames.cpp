#include "model/plugin_renames.h"

namespace rb {
namespace {

struct Rename {
  std::string_view old_name;
  std::string_view name;
};

constexpr Rename kRenames[] = {
    {"muduo", "muduo-style"},
};

}  // namespace

std::string current_plugin_name(std::string_view name) {
  for (const auto& rename : kRenames)
    if (rename.old_name == name) return std::string(rename.name);
  return std::string(name);
}

std::string current_plugin_label(std::string_view label) {
  std::string out;
  while (true) {
    const std::size_t slash = label.find('/');
    out += current_plugin_name(label.substr(0, slash));
    if (slash == std::string_view::npos) return out;
    out += '/';
    label.remove_prefix(slash + 1);
  }
}

}  // namespace rb
