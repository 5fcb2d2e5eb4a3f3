#include "model/external_server.h"

#include <arpa/inet.h>

#include <charconv>
#include <functional>

#include "text/shell_quote.h"

namespace rb {
namespace {

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// Calls on_text for literal runs and on_name for each placeholder's name, in order.
void scan(const std::string& argument, const std::function<void(std::string_view)>& on_text,
          const std::function<void(const std::string&)>& on_name) {
  std::size_t literal = 0;
  for (std::size_t i = 0; i < argument.size(); ++i) {
    if (argument[i] != '{') continue;
    std::size_t end = i + 1;
    while (end < argument.size() && is_name_char(argument[end])) ++end;
    if (end == i + 1 || end >= argument.size() || argument[end] != '}') continue;
    on_text(std::string_view(argument).substr(literal, i - literal));
    on_name(argument.substr(i + 1, end - i - 1));
    literal = end + 1;
    i = end;
  }
  on_text(std::string_view(argument).substr(literal));
}

}  // namespace

std::optional<Endpoint> parse_endpoint(const std::string& text, bool allow_port_zero,
                                       std::string& why) {
  const std::size_t colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == text.size()) {
    why = "expected IPV4:PORT, e.g. 127.0.0.1:8080";
    return std::nullopt;
  }
  Endpoint endpoint{text.substr(0, colon), 0};
  const std::string digits = text.substr(colon + 1);
  const int lowest = allow_port_zero ? 0 : 1;
  const auto [end, error] =
      std::from_chars(digits.data(), digits.data() + digits.size(), endpoint.port);
  if (error != std::errc() || end != digits.data() + digits.size() || endpoint.port < lowest ||
      endpoint.port > 65535) {
    why = "the port must be " + std::to_string(lowest) + "..65535";
    return std::nullopt;
  }
  in_addr address{};
  if (::inet_pton(AF_INET, endpoint.host.c_str(), &address) != 1) {
    why = "'" + endpoint.host + "' is not a numeric IPv4 address";
    return std::nullopt;
  }
  return endpoint;
}

std::vector<std::string> placeholders_in(const std::string& argument) {
  std::vector<std::string> names;
  scan(
      argument, [](std::string_view) {}, [&](const std::string& name) { names.push_back(name); });
  return names;
}

std::string fill_placeholders(const std::string& argument,
                              const std::map<std::string, std::string>& values) {
  std::string out;
  scan(
      argument, [&](std::string_view text) { out += text; },
      [&](const std::string& name) {
        const auto it = values.find(name);
        out += it != values.end() ? it->second : "{" + name + "}";
      });
  return out;
}

std::string command_line(const std::vector<std::string>& argv) {
  std::string line;
  for (const auto& arg : argv) {
    if (!line.empty()) line += ' ';
    line += text::shell_quote(arg);
  }
  return line;
}

}  // namespace rb
