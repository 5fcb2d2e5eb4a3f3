// Two "hosts" on this machine for a test: two network namespaces joined by a veth pair,
// 10.77.0.1/24 in the first and 10.77.0.2/24 in the second (nothing routable outside, and
// each namespace has its own stack, so parallel tests' pairs never collide), plus a third
// namespace with no link at all (a host the others cannot reach). Names are unique per
// process and pair; the destructor deletes the namespaces (and with them the veth ends),
// so a failed assertion tears down as well.
#pragma once

#include <string>
#include <vector>

namespace rbtest {

class NetnsPair {
 public:
  // Makes them; on failure (no CAP_NET_ADMIN, no `ip`) error() says why and nothing is left.
  NetnsPair();
  ~NetnsPair();
  NetnsPair(const NetnsPair&) = delete;
  NetnsPair& operator=(const NetnsPair&) = delete;

  const std::string& error() const { return error_; }
  const std::string& server_ns() const { return names_[0]; }
  const std::string& client_ns() const { return names_[1]; }
  const std::string& lone_ns() const { return names_[2]; }
  static constexpr const char* kServerAddress = "10.77.0.1";
  static constexpr const char* kClientAddress = "10.77.0.2";

  // The PIDs of the processes in a namespace (`ip netns pids`).
  std::vector<std::string> pids(const std::string& ns) const;
  // `ip netns exec NS` as a TOML array's items.
  static std::string launcher(const std::string& ns);

 private:
  std::vector<std::string> names_;
  std::vector<std::string> made_;
  std::string error_;
};

}  // namespace rbtest
