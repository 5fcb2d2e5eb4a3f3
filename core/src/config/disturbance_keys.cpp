#include "config/disturbance_keys.h"

#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "config/suggestion.h"

namespace rb::config {
namespace {

constexpr int kMaxRetries = 100;  // far beyond use; keeps a typo from running a round forever

const std::string kThresholdHint =
    "expected a fraction such as 0.05 or a percentage such as \"5%\"";

// "5%" / "2.5%" -> 0.05 / 0.025; nullopt for anything else.
std::optional<double> percent_of(std::string_view text) {
  if (text.size() < 2 || text.back() != '%') return std::nullopt;
  text.remove_suffix(1);
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    return std::nullopt;
  return value / 100;
}

double read_threshold(const TomlReader& reader, const toml::node& node) {
  double value = 0;
  std::string shown = render_toml(node);
  if (const auto* number = node.as_floating_point()) {
    value = number->get();
    if (value >= 1)
      reader.fail(node, "disturbance_threshold " + shown +
                            ": a fraction must be below 1; did you mean \"" + shown + "%\"?");
  } else if (node.is_string()) {
    const auto percent = percent_of(node.value_exact<std::string>().value_or(""));
    if (!percent) reader.fail(node, "disturbance_threshold " + shown + ": " + kThresholdHint);
    value = *percent;
    if (value >= 1) reader.fail(node, "disturbance_threshold " + shown + ": must be below 100%");
  } else {
    reader.fail(node, "disturbance_threshold: " + kThresholdHint + ", got " +
                          type_phrase(node.type()) + " (" + shown + ")");
  }
  if (!(value > 0))
    reader.fail(node, "disturbance_threshold " + shown +
                          ": must be above 0 (every round would be disturbed)");
  return value;
}

OnDisturbance read_policy(const TomlReader& reader, const toml::node& node) {
  const std::string& text = reader.as_string(node, "on_disturbance");
  if (text == "flag") return OnDisturbance::flag;
  if (text == "retry") return OnDisturbance::retry;
  const std::vector<std::string> allowed = {"flag", "retry"};
  reader.fail(node,
              "on_disturbance " + in_quotes(text) + ": unknown policy" + suggestion(text, allowed));
}

}  // namespace

void read_disturbance_keys(const TomlReader& reader, const toml::table& run,
                           RunSettings& settings) {
  if (const toml::node* node = run.get("disturbance_threshold"))
    settings.disturbance_threshold = read_threshold(reader, *node);
  if (const toml::node* node = run.get("on_disturbance"))
    settings.on_disturbance = read_policy(reader, *node);
  if (const toml::node* node = run.get("max_retries"))
    settings.max_retries =
        static_cast<int>(reader.as_integer_in(*node, "max_retries", 0, kMaxRetries));
}

}  // namespace rb::config
