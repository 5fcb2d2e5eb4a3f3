#include "plugin/plugin_call.h"

namespace rb::plugin {

const char* describe_rb_error(int code) {
  switch (code) {
    case RB_ERR_INVALID_ARGUMENT:
      return "invalid argument";
    case RB_ERR_UNSUPPORTED:
      return "unsupported";
    case RB_ERR_SYSTEM:
      return "system error";
    case RB_ERR_INTERNAL:
      return "internal error";
    default:
      return "unknown error code";
  }
}

OptionArray::OptionArray(const PluginOptions& options) {
  items_.reserve(options.size());
  for (const auto& [key, value] : options) items_.push_back({key.c_str(), value.c_str()});
}

}  // namespace rb::plugin
