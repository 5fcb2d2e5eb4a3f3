// raw-epoll's spin_ns: accepted by every workload it serves (flower here, notify too), a
// run with it still passes the host's count checks, and a bad value is refused when the config
// loads, naming the option and the range.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <filesystem>
#include <utility>

#include "run_helpers.h"

namespace {

using rbtest::read_json;
using rbtest::run_runner;
using rbtest::ScratchDir;

std::string flower_with_spin(const std::string& value) {
  return rbtest::matrix_config("flower", R"("raw-epoll")", "repetitions = 2\ntimeout = \"20s\"",
                               rbtest::kTinyFlowerPoint,
                               "[plugin_options.raw-epoll]\nspin_ns = " + value);
}

nlohmann::json run_summary(const ScratchDir& dir, const std::string& config, int expected_exit) {
  const auto out = dir.path() / "out";
  const auto result = run_runner(
      {"run", dir.write("spin.toml", config).string(), "--out", out.string(), "--no-store"});
  EXPECT_EQ(result.exit_code, expected_exit) << result.err;
  return read_json(out / "summary.json");
}

TEST(SpinOption, FlowerAcceptsASpinAndStillCountsEveryRead) {
  ScratchDir dir;
  const auto summary = run_summary(dir, flower_with_spin("2000"), 0);
  const auto& cell = summary.at("cells").at(0);
  EXPECT_EQ(cell.at("status"), "ok") << cell.at("reason");
  EXPECT_EQ(cell.at("counters").at("reads"), 12);
}

TEST(SpinOption, ZeroIsOff) {
  ScratchDir dir;
  EXPECT_EQ(run_summary(dir, flower_with_spin("0"), 0).at("cells").at(0).at("status"), "ok");
}

// raw-epoll declares spin_ns (ABI 1.3), so a bad value is a config error before anything runs.
TEST(SpinOption, ABadValueIsRefusedAtLoadSayingWhy) {
  const std::pair<const char*, const char*> cases[] = {
      {"\"fast\"", "expected an integer, got 'fast'"},
      {"-5", "-5 is outside 0..10000000"},
      {"20000000", "20000000 is outside 0..10000000"}};
  for (const auto& [value, why] : cases) {
    ScratchDir dir;
    const auto out = dir.path() / "out";
    const auto result = run_runner({"run", dir.write("spin.toml", flower_with_spin(value)).string(),
                                    "--out", out.string(), "--no-store"});
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_NE(result.err.find("spin.toml:"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find(std::string("plugin 'raw-epoll' option 'spin_ns': ") + why),
              std::string::npos)
        << value << ": " << result.err;
    EXPECT_FALSE(std::filesystem::exists(out / "summary.json"));
  }
}

TEST(SpinOption, NotifyAcceptsItToo) {
  ScratchDir dir;
  const auto summary = run_summary(
      dir,
      rbtest::matrix_config("notify", R"("raw-epoll")", "repetitions = 2\ntimeout = \"20s\"",
                            "items = [1000]\nproducers = [1]",
                            "[plugin_options.raw-epoll]\nspin_ns = 500"),
      0);
  EXPECT_EQ(summary.at("cells").at(0).at("status"), "ok") << summary.at("cells").at(0).at("reason");
}

}  // namespace
