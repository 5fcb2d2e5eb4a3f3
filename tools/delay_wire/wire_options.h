// rb-delay-wire's command line:
//   rb-delay-wire [--delay-ms MS] [--mtu BYTES] [--limit PACKETS] [--device NAME]
//                 [--stats FILE] NETNS_A=ADDRESS_A NETNS_B=ADDRESS_B
// Each NETNS is a named network namespace (/run/netns/NETNS, as `ip netns add` makes them);
// the wire makes a TUN device NAME in each, with ADDRESS as its own IPv4 address and the
// other end's as its point-to-point peer.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace delay_wire {

struct WireEnd {
  std::string netns;
  std::string address;  // dotted IPv4
};

struct WireOptions {
  std::chrono::nanoseconds delay{0};  // one way, each direction
  int mtu = 65000;                    // large, so a bulk transfer is few packets
  std::size_t limit = 1000;           // packets waiting per direction (netem's default)
  std::string device = "rbwire0";
  std::string stats_path;  // also write the counts there on exit
  WireEnd a, b;
};

// The options from the arguments after the program's name; nullopt with `error` saying which
// argument is wrong and why.
std::optional<WireOptions> parse_wire_options(const std::vector<std::string>& args,
                                              std::string& error);

std::string wire_usage();

}  // namespace delay_wire
