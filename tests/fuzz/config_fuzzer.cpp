// libFuzzer target for the config loader. The promise under test (test_plan.h): whatever the
// bytes, parse_plan returns a plan or throws one ConfigError whose what() is a single line
// "fuzz.toml:<line>:<col>: <message>" with line and col >= 1. Any other exception escapes
// and aborts; a broken message traps; ASan and UBSan catch the rest.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "config/test_plan.h"

namespace {

constexpr std::string_view kSourceName = "fuzz.toml";

// Both flower plugins exist; "notify-only" lets the workload check fail the other way.
class FuzzCatalog final : public rb::config::PluginCatalog {
 public:
  bool has_plugin(std::string_view name) const override {
    return name == "libevent2" || name == "raw-epoll" || name == "notify-only";
  }
  bool supports(std::string_view plugin, std::string_view workload) const override {
    if (plugin == "notify-only") return workload == "notify";
    return has_plugin(plugin) && workload == "flower";
  }
  std::vector<std::string> plugin_names() const override {
    return {"libevent2", "raw-epoll", "notify-only"};
  }
};

[[noreturn]] void broken_promise(const char* why, const std::string& message) {
  std::fprintf(stderr, "config error breaks the one-line promise (%s): %s\n", why, message.c_str());
  std::abort();
}

// Consumes a run of decimal digits; returns the number, or -1 when there are none.
long take_number(std::string_view& rest) {
  long value = 0;
  std::size_t digits = 0;
  while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9' && digits < 9)
    value = value * 10 + (rest[digits++] - '0');
  if (digits == 0) return -1;
  rest.remove_prefix(digits);
  return value;
}

void check_one_line(const std::string& message) {
  if (message.find_first_of("\r\n") != std::string::npos) broken_promise("newline", message);
  std::string_view rest = message;
  if (!rest.starts_with(kSourceName) || rest.substr(kSourceName.size(), 1) != ":")
    broken_promise("no file name", message);
  rest.remove_prefix(kSourceName.size() + 1);
  const long line = take_number(rest);
  if (line < 1 || !rest.starts_with(":")) broken_promise("no line", message);
  rest.remove_prefix(1);
  const long col = take_number(rest);
  if (col < 1 || !rest.starts_with(": ") || rest.size() < 3) broken_promise("no column", message);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const FuzzCatalog catalog;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // --quick trims axes after parsing: exercise both paths, chosen by the input itself.
  rb::config::Overrides overrides;
  overrides.quick = size % 2 == 1;
  try {
    const rb::config::TestPlan plan =
        rb::config::parse_plan(text, std::string(kSourceName), &catalog, overrides);
    if (plan.point_count() == 0 && !plan.axes.empty()) broken_promise("empty matrix", "");
  } catch (const rb::config::ConfigError& error) {
    check_one_line(error.what());
  }
  return 0;
}
