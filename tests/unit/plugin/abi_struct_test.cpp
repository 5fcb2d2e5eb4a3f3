// The zero-fill rule, on a host struct that has grown since the plugin was built. With the
// host at ABI 1.0 no real plugin can be older than the host, so an "ABI 1.3 host" is modelled
// here with a struct of the same shape.
#include "plugin/abi_struct.h"

#include <array>
#include <cstring>

#include <gtest/gtest.h>

#include "test_paths.h"

namespace rb::plugin {
namespace {

using test::kFlowerOpsMinSize;

struct HostStructAt13 {
  std::uint32_t struct_size;
  std::uint32_t abi_version;
  const char* name;
  std::uint64_t added_in_1_1;
  std::uint64_t added_in_1_3;
};

// Plugin memory: what a plugin declared, followed by bytes it never meant the host to read.
template <std::size_t Size>
std::array<unsigned char, Size> plugin_memory(std::uint32_t declared_size) {
  std::array<unsigned char, Size> bytes;
  bytes.fill(0xAB);
  std::memcpy(bytes.data(), &declared_size, sizeof declared_size);
  return bytes;
}

TEST(AbiStruct, OlderPluginGetsItsUnknownMembersZeroFilled) {
  constexpr auto declared = static_cast<std::uint32_t>(offsetof(HostStructAt13, added_in_1_1));
  alignas(HostStructAt13) auto bytes = plugin_memory<sizeof(HostStructAt13)>(declared);
  const char* name = "old";
  std::memcpy(bytes.data() + offsetof(HostStructAt13, name), &name, sizeof name);

  const auto copy = copy_declared_prefix<HostStructAt13>(bytes.data());
  EXPECT_EQ(copy.struct_size, declared);
  EXPECT_EQ(copy.name, name);
  EXPECT_EQ(copy.added_in_1_1, 0u);
  EXPECT_EQ(copy.added_in_1_3, 0u);
}

TEST(AbiStruct, NewerPluginsExtraBytesAreNotCopied) {
  constexpr std::size_t kLarger = sizeof(HostStructAt13) + 32;
  alignas(HostStructAt13) auto bytes = plugin_memory<kLarger>(kLarger);
  const auto copy = copy_declared_prefix<HostStructAt13>(bytes.data());
  EXPECT_EQ(copy.struct_size, kLarger);
  std::uint64_t expected = 0;
  std::memset(&expected, 0xAB, sizeof expected);
  EXPECT_EQ(copy.added_in_1_3, expected);  // within the host struct: copied
}

TEST(AbiStruct, MinimumSizesCoverEveryVersion10Member) {
  EXPECT_EQ(kPluginMinSize, offsetof(rb_plugin, flower) + sizeof(void*));
  EXPECT_EQ(kFlowerOpsMinSize, offsetof(rb_flower_ops, release) + sizeof(void*));
  EXPECT_LE(kPluginMinSize, sizeof(rb_plugin));
  EXPECT_LE(kFlowerOpsMinSize, sizeof(rb_flower_ops));
}

}  // namespace
}  // namespace rb::plugin
