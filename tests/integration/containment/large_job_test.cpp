// A job larger than execve takes in one argument (128 KiB) runs: the cell's job travels in a
// file the child inherits, not on its command line (issue 14, item 11).
#include <gtest/gtest.h>

#include "containment_support.h"

namespace rbtest {
namespace {

TEST(LargeJob, APluginOptionOf200KiBRuns) {
  const ScratchDir dir;
  const std::string value(200 * 1024, 'x');
  const std::string config = two_plugin_config("accepts-any-option") +
                             "\n[plugin_options.accepts-any-option]\nhuge = \"" + value + "\"\n";
  const auto run = run_matrix(dir, config, {"--plugin-path", runtime_bad_plugins().string()});
  EXPECT_EQ(run.output.exit_code, 0) << run.output.err;
  EXPECT_EQ(run.output.err.find("status 127"), std::string::npos) << run.output.err;
  ASSERT_FALSE(run.summary.is_null()) << run.output.err;
  EXPECT_EQ(cell_of(run.summary, "accepts-any-option").at("status"), "ok");
  EXPECT_EQ(samples_of(run, "accepts-any-option"), 4);
  expect_good_plugin_completed(run);
}

}  // namespace
}  // namespace rbtest
