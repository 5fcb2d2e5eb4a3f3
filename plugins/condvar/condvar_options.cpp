#include "condvar_options.h"

#include <stdexcept>
#include <string>
#include <string_view>

namespace rbcondvar {
namespace {

bool parseChoice(std::string_view key, std::string_view value, std::string_view no,
                 std::string_view yes) {
  if (value == no) return false;
  if (value == yes) return true;
  throw std::invalid_argument("option '" + std::string(key) + "': expected " + std::string(no) +
                              " or " + std::string(yes) + ", got '" + std::string(value) + "'");
}

}  // namespace

CondvarOptions parseCondvarOptions(const rb_option* options, std::uint32_t count) {
  if (count > 0 && options == nullptr) {
    throw std::invalid_argument("options is NULL but option_count is " + std::to_string(count));
  }
  CondvarOptions parsed;
  for (std::uint32_t i = 0; i < count; ++i) {
    if (options[i].key == nullptr || options[i].value == nullptr) {
      throw std::invalid_argument("option " + std::to_string(i) + " has a NULL key or value");
    }
    const std::string_view key = options[i].key;
    const std::string_view value = options[i].value;
    if (key == "notify") {
      parsed.broadcast = parseChoice(key, value, "signal", "broadcast");
    } else if (key == "batch") {
      parsed.batch = parseChoice(key, value, "false", "true");
    } else {
      throw std::invalid_argument("unknown option '" + std::string(key) +
                                  "' (known: notify, batch)");
    }
  }
  return parsed;
}

}  // namespace rbcondvar
