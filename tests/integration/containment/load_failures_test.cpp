// Plugins the loader refuses (tests/bad_plugins/*.so), named in a matrix next to raw-epoll:
// the user is told why on stderr and in the cell's reason, the bad plugin's cells are
// `failed` without ever starting, and the rest of the matrix runs with its results written.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "containment_support.h"

namespace rbtest {
namespace {

struct LoadCase {
  std::string file;    // in bad_plugins/
  std::string reason;  // in the message the user sees
};

void PrintTo(const LoadCase& bad, std::ostream* out) {
  *out << bad.file;
}

class LoadFailure : public ::testing::TestWithParam<LoadCase> {};

TEST_P(LoadFailure, IsReportedAndTheRestOfTheMatrixRuns) {
  const LoadCase& bad = GetParam();
  const std::string path = bad_plugin(bad.file).string();
  ScratchDir dir;
  const auto run = run_matrix(dir, two_plugin_config(path));
  EXPECT_EQ(run.output.exit_code, 1) << run.output.err;
  EXPECT_NE(run.output.err.find(path + ": "), std::string::npos) << run.output.err;
  EXPECT_NE(run.output.err.find(bad.reason), std::string::npos) << run.output.err;
  expect_results_written(run);

  const auto& cell = cell_of(run.summary, path);
  EXPECT_EQ(cell.at("status"), "failed");
  const std::string reason = cell.at("reason").get<std::string>();
  EXPECT_NE(reason.find("failed to load"), std::string::npos) << reason;
  EXPECT_NE(reason.find(bad.reason), std::string::npos) << reason;
  EXPECT_EQ(samples_of(run, path), 0);
  expect_good_plugin_completed(run);
}

INSTANTIATE_TEST_SUITE_P(
    BadPlugins, LoadFailure,
    ::testing::Values(
        LoadCase{"no_entry.so", "no entry symbol 'reactorbench_plugin_entry' is exported"},
        LoadCase{"abi_major.so", "is not compatible with host ABI 1.3 (major differs)"},
        // Newer minor with a larger descriptor: refused, naming both versions.
        LoadCase{"minor_too_new.so", "plugin ABI 1.4 is newer than host ABI 1.3"},
        LoadCase{"null_op.so", "required field 'flower."},
        LoadCase{"unresolved_symbol.so", "unresolved symbol at load"},
        LoadCase{"entry_segfaults.so", "probe crashed with SIGSEGV"}),
    [](const auto& info) {
      std::string name = info.param.file.substr(0, info.param.file.find('.'));
      return name;
    });

// The usual way to meet a broken plugin: by name, from a directory on --plugin-path. The name
// is only known from a loaded descriptor, so the runner goes by the file name.
TEST(LoadFailureByName, NamesTheBrokenFileAndWhy) {
  ScratchDir dir;
  const auto plugins = dir.path() / "plugins";
  std::filesystem::create_directories(plugins);
  std::filesystem::copy_file(bad_plugin("no_entry.so"), plugins / "my_plugin.so");
  const auto run =
      run_matrix(dir, two_plugin_config("my-plugin"), {"--plugin-path", plugins.string()});
  EXPECT_EQ(run.output.exit_code, 1) << run.output.err;
  EXPECT_NE(run.output.err.find("my_plugin.so: no entry symbol"), std::string::npos)
      << run.output.err;
  EXPECT_EQ(cell_of(run.summary, "my-plugin").at("status"), "failed");
  expect_good_plugin_completed(run);
}

TEST(LoadFailureByName, AnUnknownNameIsStillAConfigError) {
  ScratchDir dir;
  const auto run = run_matrix(dir, two_plugin_config("no-such-plugin"));
  EXPECT_EQ(run.output.exit_code, 2);
  EXPECT_NE(run.output.err.find("unknown plugin 'no-such-plugin'"), std::string::npos)
      << run.output.err;
  EXPECT_TRUE(run.summary.is_null());
}

}  // namespace
}  // namespace rbtest
