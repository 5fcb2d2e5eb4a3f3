#include "plugin/loader.h"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "plugin/abi_struct.h"
#include "test_paths.h"
#include "workload/registry.h"

namespace rb::plugin {
namespace {

using test::bad_plugin;
using test::kFlowerOpsMinSize;
// The loader with every workload's tables read, as the runner loads plugins.
using workload::load_plugin;

struct Refusal {
  std::string file;
  LoadErrorKind kind;
  std::vector<std::string> facts;  // each must appear in what()
};

void PrintTo(const Refusal& refusal, std::ostream* out) {
  *out << refusal.file;
}

class LoaderRefuses : public ::testing::TestWithParam<Refusal> {};

TEST_P(LoaderRefuses, WithItsOwnKindAndAMessageNamingPathAndFacts) {
  const Refusal& expected = GetParam();
  const auto path = bad_plugin(expected.file);
  try {
    load_plugin(path);
    FAIL() << path << " loaded but must be refused";
  } catch (const LoadError& error) {
    const std::string what = error.what();
    EXPECT_EQ(error.kind(), expected.kind) << what;
    EXPECT_EQ(error.path(), path);
    EXPECT_TRUE(what.starts_with(path.string() + ": ")) << what;
    for (const auto& fact : expected.facts) EXPECT_NE(what.find(fact), std::string::npos) << what;
  }
}

std::vector<Refusal> refusals() {
  const std::string plugin_min = std::to_string(kPluginMinSize);
  const std::string flower_min = std::to_string(kFlowerOpsMinSize);
  const std::string small_plugin = std::to_string(offsetof(rb_plugin, library_version));
  const std::string small_flower = std::to_string(offsetof(rb_flower_ops, counters));
  const std::string abis = "(plugin ABI 1.3, host ABI 1.3)";
  return {
      {"missing.so", LoadErrorKind::file_missing, {"No such file"}},
      {"not_elf.so", LoadErrorKind::not_shared_object, {"not a shared object", "no ELF header"}},
      {"executable.so", LoadErrorKind::not_shared_object, {"not a shared object", "executable"}},
      {"object_file.so", LoadErrorKind::not_shared_object, {"relocatable object"}},
      {"unresolved_symbol.so",
       LoadErrorKind::unresolved_symbol,
       {"undefined symbol", "rbtest_function_defined_nowhere"}},
      {"no_entry.so", LoadErrorKind::no_entry_symbol, {"reactorbench_plugin_entry"}},
      {"entry_returns_null.so", LoadErrorKind::entry_returned_null, {"returned NULL"}},
      {"abi_major.so",
       LoadErrorKind::abi_major_mismatch,
       {"plugin ABI 2.0 is not compatible with host ABI 1.3 (major differs)"}},
      {"minor_too_new.so",
       LoadErrorKind::minor_too_new,
       {"plugin ABI 1.4 is newer than host ABI 1.3", "rebuild it against this SDK"}},
      {"struct_too_small.so",
       LoadErrorKind::struct_too_small,
       {"rb_plugin.struct_size is " + small_plugin + " bytes", "at least " + plugin_min}},
      {"flower_too_small.so",
       LoadErrorKind::struct_too_small,
       {"rb_flower_ops.struct_size is " + small_flower + " bytes", "at least " + flower_min}},
      {"null_op.so", LoadErrorKind::missing_field, {"'flower.dispatch'"}},
      {"missing_name.so", LoadErrorKind::missing_field, {"'name'"}},
      {"invalid_name.so", LoadErrorKind::invalid_field, {"'Invalid Name'", "a-z, 0-9"}},
      // ABI 1.3 option declarations (broken_option_table.c), each naming the option, and
      // the table's size and count faults naming both ABI versions.
      {"option_duplicate.so",
       LoadErrorKind::invalid_field,
       {"option 'depth' is declared twice (options[0] and options[1])"}},
      {"option_enum_without_allowed.so",
       LoadErrorKind::invalid_field,
       {"option 'mode': an RB_OPTION_ENUM needs allowed, its values as \"a|b|c\"", "it has NULL"}},
      {"option_default.so",
       LoadErrorKind::invalid_field,
       {"option 'batch': the default is no value of it: 100 is outside 1..64"}},
      {"option_name.so",
       LoadErrorKind::invalid_field,
       {"option name 'Bad-Name' (options[1]) is invalid: use only a-z, 0-9 and '_'"}},
      {"option_type.so", LoadErrorKind::invalid_field, {"option 'mode': unknown type 7"}},
      {"option_workload.so",
       LoadErrorKind::invalid_field,
       {"option 'trace': workloads \"flower,rr\" names 'rr', which is no workload table",
        "rr_server"}},
      {"option_decl_size.so",
       LoadErrorKind::struct_too_small,
       {"rb_option_decl.struct_size is " + std::to_string(offsetof(rb_option_decl, workloads)) +
            " bytes",
        "at least " + std::to_string(kOptionDeclMinSize), abis}},
      {"option_mixed_size.so",
       LoadErrorKind::invalid_field,
       {"options[1].struct_size is " + std::to_string(sizeof(rb_option_decl) + 8) +
            " but options[0]'s is " + std::to_string(sizeof(rb_option_decl)),
        abis}},
      {"option_null_table.so",
       LoadErrorKind::missing_field,
       {"option_count is 2 but options is NULL", abis}},
      {"option_huge_count.so",
       LoadErrorKind::invalid_field,
       {"option_count is 100000; a plugin may declare at most 256 options", abis}},
  };
}

INSTANTIATE_TEST_SUITE_P(BadPlugins, LoaderRefuses, ::testing::ValuesIn(refusals()),
                         [](const auto& info) {
                           std::string name = info.param.file.substr(0, info.param.file.find('.'));
                           return name;
                         });

TEST(Loader, GoodPluginLoadsWithProvenance) {
  const LoadedPlugin plugin = load_plugin(bad_plugin("good.so"));
  EXPECT_STREQ(plugin.descriptor.name, "good");
  EXPECT_EQ(plugin.descriptor.struct_size, sizeof(rb_plugin));
  ASSERT_TRUE(plugin.flower.has_value());
  EXPECT_EQ(plugin.workloads, std::vector<std::string>{"flower"});
  EXPECT_TRUE(plugin.path.is_absolute());
  EXPECT_EQ(plugin.provenance.path, plugin.path.string());
  EXPECT_EQ(plugin.provenance.sha256, sha256_file(plugin.path));
  EXPECT_EQ(plugin.provenance.plugin_version, "1.2.3");
  EXPECT_EQ(plugin.provenance.library, "poll");
  EXPECT_EQ(plugin.provenance.library_version, "poll-1");
  EXPECT_EQ(plugin.provenance.abi_version, RB_ABI_VERSION);
  EXPECT_EQ(plugin.provenance.description, "a test plugin that loads and works");
  EXPECT_NE(plugin.library, nullptr);
}

TEST(Loader, RelativePathIsMadeAbsolute) {
  const auto absolute = bad_plugin("good.so");
  const auto relative = std::filesystem::relative(absolute);
  ASSERT_FALSE(relative.is_absolute());
  EXPECT_EQ(load_plugin(relative).path, absolute.lexically_normal());
}

TEST(Loader, LargerStructAtTheSameMinorLoadsAndExtraBytesAreIgnored) {
  const LoadedPlugin plugin = load_plugin(bad_plugin("larger_same_minor.so"));
  EXPECT_STREQ(plugin.descriptor.name, "larger-same-minor");
  // The host copy keeps the declared size but holds only what the host knows.
  EXPECT_GT(plugin.descriptor.struct_size, sizeof(rb_plugin));
  EXPECT_EQ(plugin.provenance.library_version, "poll-1");
  EXPECT_TRUE(plugin.flower.has_value());
}

// Runs one flower iteration the way the host does, on real pipes.
class FlowerIteration {
 public:
  explicit FlowerIteration(std::uint32_t pipes) : read_fds_(pipes), write_fds_(pipes) {
    for (std::uint32_t i = 0; i < pipes; ++i) {
      std::array<int, 2> fds{};
      EXPECT_EQ(::pipe2(fds.data(), O_NONBLOCK | O_CLOEXEC), 0);
      read_fds_[i] = fds[0];
      write_fds_[i] = fds[1];
    }
  }
  ~FlowerIteration() {
    for (int fd : read_fds_) ::close(fd);
    for (int fd : write_fds_) ::close(fd);
  }
  FlowerIteration(const FlowerIteration&) = delete;
  FlowerIteration& operator=(const FlowerIteration&) = delete;

  std::map<std::string, std::uint64_t> run(const rb_flower_ops& ops, std::uint32_t active,
                                           std::uint32_t writes) {
    const auto pipes = static_cast<std::uint32_t>(read_fds_.size());
    rb_flower_params params{sizeof(rb_flower_params), pipes, active, writes, read_fds_.data(),
                            write_fds_.data()};
    std::array<char, 256> err{};
    void* state = nullptr;
    EXPECT_EQ(ops.prepare(nullptr, &params, nullptr, 0, &state, err.data(), err.size()), RB_OK)
        << err.data();
    EXPECT_EQ(ops.arm(state, err.data(), err.size()), RB_OK) << err.data();
    for (std::uint32_t i = 0; i < active; ++i) {
      EXPECT_EQ(::write(write_fds_[i * (pipes / active)], "e", 1), 1);
    }
    EXPECT_EQ(ops.dispatch(state, err.data(), err.size()), RB_OK) << err.data();
    std::map<std::string, std::uint64_t> counters;
    rb_counter_sink sink{&counters, [](void* ctx, const char* name, std::uint64_t value) {
                           (*static_cast<std::map<std::string, std::uint64_t>*>(ctx))[name] = value;
                         }};
    EXPECT_EQ(ops.counters(state, &sink, err.data(), err.size()), RB_OK) << err.data();
    ops.release(state);
    return counters;
  }

 private:
  std::vector<int> read_fds_;
  std::vector<int> write_fds_;
};

TEST(Loader, LoadedFlowerTableWorks) {
  const LoadedPlugin plugin = load_plugin(bad_plugin("good.so"));
  ASSERT_TRUE(plugin.flower.has_value());
  FlowerIteration iteration(8);
  const auto counters = iteration.run(*plugin.flower, 2, 5);
  EXPECT_EQ(counters.at("reads"), 2u + 5u);
  EXPECT_EQ(counters.at("writes"), 5u);
  EXPECT_GE(counters.at("loop_iterations"), 1u);
}

TEST(Loader, DirectoryIsNotASharedObject) {
  try {
    load_plugin(RB_BAD_PLUGIN_DIR);
    FAIL() << "a directory loaded";
  } catch (const LoadError& error) {
    EXPECT_EQ(error.kind(), LoadErrorKind::not_shared_object);
    EXPECT_NE(std::string(error.what()).find("directory"), std::string::npos);
  }
}

}  // namespace
}  // namespace rb::plugin
