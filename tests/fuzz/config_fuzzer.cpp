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
#include <vector>

#include "config/test_plan.h"

namespace {

constexpr std::string_view kSourceName = "fuzz.toml";

// Mirrors the shipped plugins and their workloads, so every section of every workload
// (flower, notify, the pingpong roles, rr, variants of each) is reachable; "notify-only" and
// "client-only" make the workload and role checks fail the other way.
class FuzzLookup final : public rb::config::PluginLookup {
 public:
  bool has_plugin(std::string_view name) const override {
    for (const auto& plugin : kPlugins)
      if (name == plugin.name) return true;
    return false;
  }
  bool supports(std::string_view plugin, std::string_view workload) const override {
    for (const auto& entry : kPlugins)
      if (plugin == entry.name)
        for (const std::string_view offered : entry.workloads)
          if (workload == offered) return true;
    return false;
  }
  std::vector<std::string> plugin_names() const override {
    std::vector<std::string> names;
    for (const auto& plugin : kPlugins) names.emplace_back(plugin.name);
    return names;
  }

 private:
  struct Plugin {
    std::string_view name;
    std::vector<std::string_view> workloads;
  };
  inline static const std::vector<Plugin> kPlugins = {
      {"libevent2", {"flower", "notify", "pingpong", "rr"}},
      {"raw-epoll", {"flower", "notify", "pingpong", "rr"}},
      {"muduo", {"flower", "notify", "pingpong", "rr"}},
      {"libev", {"flower", "notify", "pingpong", "rr"}},
      {"libuv", {"flower", "notify", "pingpong", "rr"}},
      {"asio-callback", {"flower", "pingpong", "rr"}},
      {"asio-coroutine", {"flower", "pingpong", "rr"}},
      {"condvar-queue", {"notify"}},
      {"notify-only", {"notify"}},
      {"client-only", {"pingpong_client"}},
  };
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
  static const FuzzLookup catalog;
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
