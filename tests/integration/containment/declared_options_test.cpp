// ABI 1.3 end to end, with the real runner: a plugin that declares its options
// (tests/bad_plugins/declared_options.c) has a config's mistakes in [plugin_options] refused
// before anything runs, with file:line:col and a suggestion; `runner plugins --options`
// lists the declarations; a plugin built for ABI 1.2 declares nothing and runs as before.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>

#include "containment_support.h"

namespace rbtest {
namespace {

std::string declared_dir() {
  return bad_plugin("declared").string();
}

std::string options_header() {
  return two_plugin_config("declared-options") + "\n[plugin_options.declared-options]\n";
}

// two_plugin_config with declared-options, and these lines after its [plugin_options] table.
std::string config_with(const std::string& options) {
  return options_header() + options;
}

// "LINE:COL: " of column `col` of the first option line.
std::string first_option_at(int col) {
  const std::string header = options_header();
  return fmt::format("{}:{}: ", std::count(header.begin(), header.end(), '\n') + 1, col);
}

MatrixRun run_declared(const ScratchDir& dir, const std::string& options) {
  return run_matrix(dir, config_with(options), {"--plugin-path", declared_dir()});
}

void expect_refused_before_running(const MatrixRun& run, const std::string& message) {
  EXPECT_EQ(run.output.exit_code, 2) << run.output.err;
  EXPECT_NE(run.output.err.find("matrix.toml:" + message), std::string::npos) << run.output.err;
  EXPECT_TRUE(run.summary.is_null());
  EXPECT_TRUE(run.lines.empty());
}

TEST(DeclaredOptions, AnUnknownOptionIsRefusedWithItsPlaceAndASuggestion) {
  ScratchDir dir;
  expect_refused_before_running(
      run_declared(dir, "bacth = 4\n"),
      first_option_at(1) +
          "plugin 'declared-options' has no option 'bacth'; did you mean 'batch'?");
}

TEST(DeclaredOptions, AMalformedValueIsRefusedAtTheValue) {
  ScratchDir dir;
  expect_refused_before_running(
      run_declared(dir, "batch = \"lots\"\n"),
      first_option_at(9) +
          "plugin 'declared-options' option 'batch': expected an integer, got 'lots'");
  expect_refused_before_running(run_declared(dir, "mode = \"spn\"\n"),
                                first_option_at(8) +
                                    "plugin 'declared-options' option 'mode': unknown value "
                                    "'spn' (known: poll|spin); did you mean 'spin'?");
}

TEST(DeclaredOptions, AnOptionOfAnotherWorkloadIsRefused) {
  ScratchDir dir;
  expect_refused_before_running(
      run_declared(dir, "wakeup = \"eventfd\"\n"),
      first_option_at(1) +
          "plugin 'declared-options' option 'wakeup' applies to notify, not to flower");
}

TEST(DeclaredOptions, GoodOptionsRunAndReachThePlugin) {
  ScratchDir dir;
  const auto run = run_declared(dir, "batch = 16\nmode = \"spin\"\ntrace = true\n");
  ASSERT_EQ(run.output.exit_code, 0) << run.output.err;
  EXPECT_EQ(cell_of(run.summary, "declared-options").at("status"), "ok");
  long seen = 0;
  for (const auto& line : run.lines) {
    if (line.value("plugin", "") != "declared-options" || !line.contains("counters")) continue;
    EXPECT_EQ(line.at("counters").at("batch"), 16) << line.dump();
    ++seen;
  }
  EXPECT_EQ(seen, samples_of(run, "declared-options"));
  EXPECT_GT(seen, 0);
}

TEST(DeclaredOptions, PluginsOptionsListsTheDeclarations) {
  const auto listed =
      run_runner({"plugins", "--options", "declared-options", "--plugin-path", declared_dir()});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  for (const char* expected :
       {"declared-options 1.0.0 (ABI 1.3", "5 options",
        "NAME    TYPE    ALLOWED       DEFAULT  WORKLOADS  HELP",
        "mode    enum    poll|spin     poll     all        how dispatch waits",
        "batch   int     1..64         8        all        reads per wake-up",
        "label   string  -             -        all        free text for the logs",
        "wakeup  enum    pipe|eventfd  pipe     notify     how a producer wakes"})
    EXPECT_NE(listed.out.find(expected), std::string::npos) << expected << " not in\n"
                                                            << listed.out;
}

TEST(DeclaredOptions, PluginsOptionsAsJson) {
  const auto listed = run_runner(
      {"plugins", "--options", "declared-options", "--json", "--plugin-path", declared_dir()});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  const auto json = nlohmann::json::parse(listed.out);
  EXPECT_EQ(json.at("name"), "declared-options");
  ASSERT_EQ(json.at("options").size(), 5U);
  EXPECT_EQ(json.at("options")[0], (nlohmann::json{{"name", "mode"},
                                                   {"type", "enum"},
                                                   {"allowed", "poll|spin"},
                                                   {"default", "poll"},
                                                   {"help", "how dispatch waits"},
                                                   {"workloads", nlohmann::json::array()}}));
  EXPECT_EQ(json.at("options")[3].at("default"), nullptr);
}

TEST(DeclaredOptions, PluginsOptionsOfAnUnknownPluginIsAnError) {
  const auto listed =
      run_runner({"plugins", "--options", "declared-optoins", "--plugin-path", declared_dir()});
  EXPECT_EQ(listed.exit_code, 2);
  EXPECT_NE(listed.err.find("declared-optoins"), std::string::npos) << listed.err;
}

// A row of `runner plugins --options`' table holds these cells in this order.
void expect_row_in_order(const std::string& table, const std::vector<std::string>& cells) {
  const auto row_at = table.find("\n" + cells.front() + " ");
  ASSERT_NE(row_at, std::string::npos) << cells.front() << " has no row in\n" << table;
  const std::string row = table.substr(row_at + 1, table.find('\n', row_at + 1) - row_at - 1);
  std::size_t at = 0;
  for (const auto& cell : cells) {
    at = row.find(cell, at);
    ASSERT_NE(at, std::string::npos) << "'" << cell << "' missing or out of order in: " << row;
    at += cell.size();
  }
}

TEST(DeclaredOptions, ARealPluginListsWhatItDeclaresAsTableAndJson) {
  const auto table = run_runner({"plugins", "--options", "raw-epoll"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  const auto listed = run_runner({"plugins", "--options", "raw-epoll", "--json"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  const auto json = nlohmann::json::parse(listed.out);
  EXPECT_EQ(json.at("name"), "raw-epoll");
  EXPECT_EQ(json.at("abi"), "1.3");
  ASSERT_FALSE(json.at("options").empty());
  EXPECT_NE(table.out.find(fmt::format("{} option", json.at("options").size())), std::string::npos)
      << table.out;
  EXPECT_NE(table.out.find("NAME"), std::string::npos) << table.out;
  bool has_max_events = false;
  for (const auto& option : json.at("options")) {
    const auto name = option.at("name").get<std::string>();
    has_max_events = has_max_events || name == "max_events";
    const auto allowed = option.at("allowed").get<std::string>();
    expect_row_in_order(
        table.out, {name, option.at("type").get<std::string>(), allowed.empty() ? "-" : allowed,
                    option.at("default").is_null() ? "-" : option.at("default").get<std::string>(),
                    option.at("help").get<std::string>()});
  }
  EXPECT_TRUE(has_max_events) << listed.out;
}

TEST(Abi12Plugin, DeclaresNothingAndLoadsAndWorks) {
  ScratchDir dir;
  const auto run = run_matrix(dir, two_plugin_config("abi-1-2"),
                              {"--plugin-path", runtime_bad_plugins().string()});
  expect_ran_ok(run, "abi-1-2");
  EXPECT_EQ(cell_of(run.summary, "abi-1-2").at("provenance").at("abi_version"), 0x10002);  // 1.2

  const auto listed = run_runner(
      {"plugins", "--options", "abi-1-2", "--plugin-path", runtime_bad_plugins().string()});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_NE(listed.out.find("declares no options (ABI 1.2"), std::string::npos) << listed.out;
}

MatrixRun run_abi_1_2_with(const ScratchDir& dir, const std::string& options) {
  return run_matrix(dir, two_plugin_config("abi-1-2") + "\n[plugin_options.abi-1-2]\n" + options,
                    {"--plugin-path", runtime_bad_plugins().string()});
}

// The host has no declarations to check its options against: they reach its prepare, which
// takes "depth" with any value (one no 1.3 int declaration would pass) and refuses a typo,
// so the config loads either way and the cell tells.
TEST(Abi12Plugin, ItsOptionsAreLeftToItsPrepare) {
  ScratchDir taken;
  expect_ran_ok(run_abi_1_2_with(taken, "depth = \"deep\"\n"), "abi-1-2");
  ScratchDir typo;
  const auto run = run_abi_1_2_with(typo, "bacth = 4\n");
  EXPECT_EQ(run.output.exit_code, 1) << run.output.err;
  const auto& cell = cell_of(run.summary, "abi-1-2");
  EXPECT_EQ(cell.at("status"), "failed");
  EXPECT_NE(cell.at("reason").get<std::string>().find("unknown option 'bacth'"), std::string::npos)
      << cell.dump();
  expect_good_plugin_completed(run);
}

}  // namespace
}  // namespace rbtest
