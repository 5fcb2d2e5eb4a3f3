#include "wire_options.h"

#include <arpa/inet.h>
#include <net/if.h>

#include <fmt/format.h>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace delay_wire {
namespace {

constexpr double kMaxDelayMs = 60'000;

std::optional<long long> whole_number(const std::string& text, long long low, long long high) {
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < low || value > high)
    return std::nullopt;
  return value;
}

std::optional<std::chrono::nanoseconds> delay_in_ms(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  const double ms = std::strtod(text.c_str(), &end);
  if (*end != '\0' || !std::isfinite(ms) || ms < 0 || ms > kMaxDelayMs) return std::nullopt;
  return std::chrono::nanoseconds(std::llround(ms * 1e6));
}

std::optional<WireEnd> wire_end(const std::string& text, std::string& error) {
  const auto equals = text.find('=');
  if (equals == std::string::npos || equals == 0) {
    error = fmt::format("'{}': expected NETNS=ADDRESS, e.g. server=10.78.0.1", text);
    return std::nullopt;
  }
  WireEnd end{text.substr(0, equals), text.substr(equals + 1)};
  if (end.netns.find('/') != std::string::npos) {
    error = fmt::format("'{}': a namespace is a name under /run/netns, not a path", end.netns);
    return std::nullopt;
  }
  in_addr parsed{};
  if (::inet_pton(AF_INET, end.address.c_str(), &parsed) != 1) {
    error = fmt::format("'{}': '{}' is not a numeric IPv4 address", text, end.address);
    return std::nullopt;
  }
  return end;
}

}  // namespace

std::optional<WireOptions> parse_wire_options(const std::vector<std::string>& args,
                                              std::string& error) {
  WireOptions options;
  std::vector<WireEnd> ends;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg.rfind("--", 0) != 0) {
      const auto end = wire_end(arg, error);
      if (!end) return std::nullopt;
      ends.push_back(*end);
      continue;
    }
    if (i + 1 == args.size()) {
      error = fmt::format("{} needs a value", arg);
      return std::nullopt;
    }
    const std::string& value = args[++i];
    if (arg == "--delay-ms") {
      const auto delay = delay_in_ms(value);
      if (!delay) {
        error =
            fmt::format("--delay-ms '{}': expected milliseconds from 0 to {}", value, kMaxDelayMs);
        return std::nullopt;
      }
      options.delay = *delay;
    } else if (arg == "--mtu") {
      const auto mtu = whole_number(value, 68, 65535);
      if (!mtu) {
        error = fmt::format("--mtu '{}': expected bytes from 68 to 65535", value);
        return std::nullopt;
      }
      options.mtu = static_cast<int>(*mtu);
    } else if (arg == "--limit") {
      const auto limit = whole_number(value, 1, 1'000'000);
      if (!limit) {
        error = fmt::format("--limit '{}': expected packets from 1 to 1000000", value);
        return std::nullopt;
      }
      options.limit = static_cast<std::size_t>(*limit);
    } else if (arg == "--device") {
      if (value.empty() || value.size() >= IFNAMSIZ || value.find('/') != std::string::npos) {
        error = fmt::format("--device '{}': expected an interface name of 1 to {} characters",
                            value, IFNAMSIZ - 1);
        return std::nullopt;
      }
      options.device = value;
    } else if (arg == "--stats") {
      options.stats_path = value;
    } else {
      error = fmt::format("unknown option '{}'", arg);
      return std::nullopt;
    }
  }
  if (ends.size() != 2) {
    error =
        fmt::format("expected two ends, NETNS_A=ADDRESS_A NETNS_B=ADDRESS_B; got {}", ends.size());
    return std::nullopt;
  }
  if (ends[0].netns == ends[1].netns || ends[0].address == ends[1].address) {
    error = "the two ends need different namespaces and different addresses";
    return std::nullopt;
  }
  options.a = ends[0];
  options.b = ends[1];
  return options;
}

std::string wire_usage() {
  return "usage: rb-delay-wire [--delay-ms MS] [--mtu BYTES] [--limit PACKETS] [--device NAME]\n"
         "                     [--stats FILE] NETNS_A=ADDRESS_A NETNS_B=ADDRESS_B\n"
         "Joins two network namespaces with a TUN device in each (ADDRESS its own, the other\n"
         "end's its peer) and forwards every packet between them after MS milliseconds\n"
         "(default 0, each direction). Prints 'ready' once both ends are up; on SIGTERM or\n"
         "SIGINT prints the packets and bytes forwarded per direction and exits.\n";
}

}  // namespace delay_wire
