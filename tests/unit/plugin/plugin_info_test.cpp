#include "plugin/plugin_info.h"

#include <gtest/gtest.h>
#include <reactorbench/plugin.h>

namespace rb::plugin {
namespace {

PluginInfo sample_info() {
  PluginInfo info;
  info.name = "libevent2";
  info.version = "0.1.0";
  info.library = "libevent";
  info.library_version = "2.1.12-stable";
  info.description = "libevent 2 event_base";
  info.sha256 = std::string(64, 'a');
  info.abi_version = RB_MAKE_VERSION(1, 0);
  info.workloads = {"flower"};
  info.path = "/plugins/libevent2.so";
  return info;
}

TEST(PluginInfo, JsonRoundTrip) {
  const PluginInfo info = sample_info();
  const nlohmann::json json = to_json(info);
  EXPECT_EQ(json.at("abi"), "1.0");
  EXPECT_EQ(json.at("path"), "/plugins/libevent2.so");
  const PluginInfo back = plugin_info_from_json(nlohmann::json::parse(json.dump()));
  EXPECT_EQ(back.name, info.name);
  EXPECT_EQ(back.version, info.version);
  EXPECT_EQ(back.library, info.library);
  EXPECT_EQ(back.library_version, info.library_version);
  EXPECT_EQ(back.description, info.description);
  EXPECT_EQ(back.sha256, info.sha256);
  EXPECT_EQ(back.abi_version, info.abi_version);
  EXPECT_EQ(back.workloads, info.workloads);
  EXPECT_EQ(back.path, info.path);
}

TEST(PluginInfo, MissingMemberIsAnError) {
  nlohmann::json json = to_json(sample_info());
  json.erase("sha256");
  EXPECT_THROW(plugin_info_from_json(json), nlohmann::json::exception);
}

TEST(PluginInfo, ProvenanceCarriesTheSameFacts) {
  const auto provenance_of = provenance(sample_info());
  EXPECT_EQ(provenance_of.path, "/plugins/libevent2.so");
  EXPECT_EQ(provenance_of.plugin_version, "0.1.0");
  EXPECT_EQ(provenance_of.library_version, "2.1.12-stable");
  EXPECT_EQ(provenance_of.abi_version, RB_MAKE_VERSION(1, 0));
}

TEST(PluginInfo, Supports) {
  const PluginInfo info = sample_info();
  EXPECT_TRUE(info.supports("flower"));
  EXPECT_FALSE(info.supports("pingpong_server"));
}

}  // namespace
}  // namespace rb::plugin
