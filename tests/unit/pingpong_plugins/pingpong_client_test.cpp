// Every pingpong client in the plugin directory against raw-epoll's echo server, and raw-epoll's
// client against every echo server, each side as the host runs it (in process here), every
// session verified byte for byte: the pattern arrives intact and both sides' counts agree.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "built_plugins.h"
#include "verified_pair.h"

namespace rb_test {
namespace {

struct PairCase {
  std::string path;  // the plugin under test: its client, or its server
  std::string name;  // usable in a test name, e.g. "libuv_threads2"
  uint32_t threads = 1;
};

void PrintTo(const PairCase& pair_case, std::ostream* out) {
  *out << pair_case.name;
}

std::vector<PairCase> CasesOffering(const std::string& workload) {
  std::vector<PairCase> cases;
  for (const std::string& path : PluginPathsOffering(workload)) {
    for (const uint32_t threads : {1u, 2u})
      cases.push_back({path, TestNameOf(path) + "_threads" + std::to_string(threads), threads});
  }
  return cases;
}

// Only io_uring may refuse this machine (a kernel or seccomp policy without io_uring): any
// other plugin's RB_ERR_UNSUPPORTED is a failure, not a skip (issue 36).
bool MayBeUnsupported(const PairCase& pair_case) {
  return std::filesystem::path(pair_case.path).filename() == "io_uring.so";
}

std::string PairCaseName(const ::testing::TestParamInfo<PairCase>& info) {
  return info.param.name;
}

class EveryClient : public ::testing::TestWithParam<PairCase> {};

TEST_P(EveryClient, VerifiesEveryByteAgainstRawEpollsServer) {
  ExpectVerifiedPair(
      {*LoadBuiltPlugin("raw_epoll").pingpong_server, {}},
      {*LoadPlugin(GetParam().path).pingpong_client, {}, MayBeUnsupported(GetParam())},
      GetParam().threads);
}

INSTANTIATE_TEST_SUITE_P(PingpongClients, EveryClient,
                         ::testing::ValuesIn(CasesOffering("pingpong_client")), PairCaseName);

class EveryServer : public ::testing::TestWithParam<PairCase> {};

TEST_P(EveryServer, EchoesRawEpollsClientVerified) {
  ExpectVerifiedPair(
      {*LoadPlugin(GetParam().path).pingpong_server, {}, MayBeUnsupported(GetParam())},
      {*LoadBuiltPlugin("raw_epoll").pingpong_client, {}}, GetParam().threads);
}

INSTANTIATE_TEST_SUITE_P(PingpongServers, EveryServer,
                         ::testing::ValuesIn(CasesOffering("pingpong_server")), PairCaseName);

}  // namespace
}  // namespace rb_test
