// A server a cell drives that is not one of our plugins: a program the runner starts for
// each round ([servers.NAME] command, [run] server_command: its argv, with {port}, {host}
// and the server's axes ({threads}, ...) filled in per cell) or one someone else runs
// ([servers.NAME] target, [run] target: "HOST:PORT"). Exactly one of the two is set.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rb {

struct ExternalServer {
  std::vector<std::string> command;  // argv, placeholders unfilled; empty for a target
  std::string target;                // "HOST:PORT"; empty for a command
  bool is_command() const { return !command.empty(); }
  friend bool operator==(const ExternalServer&, const ExternalServer&) = default;
};

// A numeric IPv4 address and a port, as `--listen` and `target` give them.
struct Endpoint {
  std::string host;
  int port = 0;
};

// "10.0.0.2:8080" (the port may be 0 when allow_port_zero); nullopt with `why` set
// ("expected IPV4:PORT, e.g. 127.0.0.1:8080", "the port must be 1..65535", "'x' is not a
// numeric IPv4 address").
std::optional<Endpoint> parse_endpoint(const std::string& text, bool allow_port_zero,
                                       std::string& why);

// The placeholders of one argument, in order: "{port}" and "--threads={threads}" name
// "port" and "threads". A brace not around a name of lower-case letters, digits and '_'
// is literal text ('{"a": 1}' names nothing).
std::vector<std::string> placeholders_in(const std::string& argument);

// `argument` with every placeholder whose name `values` holds replaced by its value; the
// others are left as they are (the config refuses them before anything runs).
std::string fill_placeholders(const std::string& argument,
                              const std::map<std::string, std::string>& values);

// "python3 server.py --port {port}": argv as one line for messages, arguments with spaces
// quoted.
std::string command_line(const std::vector<std::string>& argv);

}  // namespace rb
