// The sub-commands as objects: the dispatch table names each once, every option the commands
// share parses the same on each of them, and a command's body runs from its plain struct.
#include "cli/command_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "../../support/scratch_dir.h"
#include "cli/history_command.h"
#include "cli/shared_options.h"
#include "cli/tag_command.h"
#include "store/schema.h"

namespace rb::cli {
namespace {

// A command line each command accepts: its required arguments, nothing else.
const std::map<std::string, std::vector<std::string>> kMinimalLines = {
    {"run", {"run", "x.toml"}},
    {"plugins", {"plugins"}},
    {"validate", {"validate", "some-plugin"}},
    {"new-plugin", {"new-plugin", "my-loop", "--workloads", "flower", "--out", "dir"}},
    {"serve", {"serve", "--plugin", "raw-epoll", "--workload", "rr"}},
    {"history", {"history"}},
    {"compare", {"compare", "a", "b"}},
    {"export", {"export", "a", "--format", "bencher"}},
    {"report", {"report", "a", "--html", "dir"}},
    {"tag", {"tag", "a", "base"}},
    {"merge", {"merge", "a", "--out", "dir"}},
    {"store", {"store", "copy", "a", "b"}},
    {"summarize", {"summarize", "dir"}},
};

// The runner's app with every command of the table, as runner_main builds it.
struct RunnerApp {
  CLI::App app;
  std::vector<std::unique_ptr<Command>> commands = runner_commands();
  std::vector<DeclaredCommand> declared;

  RunnerApp() {
    describe_runner(app);
    declared = declare_commands(app, commands);
  }
  // Parses words (without the program's name); the command they chose.
  Command* parse(std::vector<std::string> words) {
    std::reverse(words.begin(), words.end());
    app.parse(words);
    return chosen_command(declared);
  }
  CLI::App* parsed_by(const std::string& name) const {
    for (const auto& entry : declared)
      if (entry.command->name() == name) return entry.parsed_by;
    return nullptr;
  }
};

TEST(CommandTable, NamesEverySubCommandExactlyOnce) {
  RunnerApp runner;
  std::vector<std::string> names;
  for (const auto& command : runner.commands) names.emplace_back(command->name());
  EXPECT_EQ(names, (std::vector<std::string>{"run", "plugins", "validate", "new-plugin", "serve",
                                             "history", "compare", "export", "report", "tag",
                                             "merge", "store", "summarize"}));
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
  std::vector<std::string> declared;
  for (const CLI::App* sub : runner.app.get_subcommands([](CLI::App*) { return true; }))
    declared.push_back(sub->get_name());
  EXPECT_EQ(declared, names) << "the app's sub-commands are the table's, in its order";
}

TEST(CommandTable, EveryCommandIsChosenByItsOwnName) {
  for (const auto& [name, words] : kMinimalLines) {
    RunnerApp runner;
    Command* chosen = nullptr;
    ASSERT_NO_THROW(chosen = runner.parse(words)) << name;
    ASSERT_NE(chosen, nullptr) << name;
    EXPECT_EQ(chosen->name(), name);
  }
}

// The help text the shared declaration gives an option, on an app of its own.
std::string shared_help(const std::string& option) {
  CLI::App app;
  std::optional<std::filesystem::path> store;
  std::string text;
  std::vector<std::filesystem::path> paths;
  bool flag = false;
  add_store_option(app, store);
  add_format_option(app, text, {"table"});
  add_colour_option(app, text);
  add_threshold_option(app, text);
  add_plugin_search_options(app, paths, flag);
  return app.get_option(option)->get_description();
}

TEST(SharedOptions, EveryCommandThatHasOneDeclaresItAlike) {
  const std::vector<std::string> shared = {"--format", "--color", "--threshold", "--plugin-path",
                                           "--allow-unsafe-plugins"};
  std::map<std::string, int> seen;
  for (const auto& [name, words] : kMinimalLines) {
    RunnerApp runner;
    const CLI::App* command = runner.parsed_by(name);
    for (const auto& option : shared) {
      const CLI::Option* declared = command->get_option_no_throw(option);
      if (declared == nullptr) continue;
      ++seen[option];
      // --format's default is the command's own ("(default table)"): its text up to it.
      const std::string help = shared_help(option);
      EXPECT_EQ(declared->get_description().substr(0, help.find(" (default")),
                help.substr(0, help.find(" (default")))
          << name << ' ' << option;
    }
    // --store: one text, the run's naming the config's [store] as its last default.
    if (const CLI::Option* store = command->get_option_no_throw("--store")) {
      ++seen["--store"];
      EXPECT_EQ(store->get_description().rfind(shared_help("--store").substr(0, 60), 0), 0U)
          << name;
    }
  }
  EXPECT_EQ(seen["--store"], 6) << "run, history, compare, export, report, tag";
  EXPECT_EQ(seen["--format"], 3) << "history, compare, export";
  EXPECT_EQ(seen["--color"], 3) << "run, history, compare";
  EXPECT_EQ(seen["--threshold"], 3) << "history, compare, report";
  EXPECT_EQ(seen["--plugin-path"], 4) << "run, plugins, validate, serve";
}

TEST(SharedOptions, ParseTheSameOnEveryCommand) {
  for (const auto& [name, words] : kMinimalLines) {
    for (const auto& [option, value] :
         std::vector<std::pair<std::string, std::string>>{{"--store", "db.sqlite"},
                                                          {"--color", "never"},
                                                          {"--colour", "always"},
                                                          {"--threshold", "3%"},
                                                          {"--plugin-path", "/opt/plugins"}}) {
      RunnerApp probe;
      if (probe.parsed_by(name)->get_option_no_throw(option) == nullptr) continue;
      RunnerApp runner;
      std::vector<std::string> line = words;
      line.insert(line.end(), {option, value});
      ASSERT_NO_THROW(runner.parse(line)) << name << ' ' << option;
      EXPECT_EQ(runner.parsed_by(name)->get_option(option)->as<std::string>(), value)
          << name << ' ' << option;
    }
    RunnerApp runner;
    if (runner.parsed_by(name)->get_option_no_throw("--color") == nullptr) continue;
    std::vector<std::string> line = words;
    line.insert(line.end(), {"--colour", "sometimes"});
    EXPECT_THROW(runner.parse(line), CLI::ValidationError) << name;
  }
}

TEST(SharedOptions, FillTheCommandsStruct) {
  RunnerApp runner;
  runner.parse(
      {"history", "--store", "h.db", "--format", "json", "--colour", "never", "--threshold", "2%"});
  const auto& history = dynamic_cast<const HistoryCommand&>(*runner.commands[5]).args();
  EXPECT_EQ(history.store, std::filesystem::path("h.db"));
  EXPECT_EQ(history.format, "json");
  EXPECT_EQ(history.colour, "never");
  EXPECT_EQ(history.threshold, "2%");
  RunnerApp bad;
  EXPECT_THROW(bad.parse({"history", "--format", "csv"}), CLI::ValidationError)
      << "history's formats are the reporters table's: table, md, json";
}

// A command's body, from a plain struct: no CLI11 in between.
TEST(CommandBody, HistoryListsAnEmptyStoreInEachFormat) {
  rbtest::ScratchDir dir;
  const auto db = dir.path() / "history.db";
  store::open_history(db.string(), true);
  HistoryArgs args;
  args.store = db;
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(history_command(args), 0);
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), "no stored runs\n");
  args.format = "json";
  args.config = "flower";
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(history_command(args), 0);
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), "[]\n");
  args.format = "md";
  args.check_newest = true;
  ::testing::internal::CaptureStdout();
  EXPECT_EQ(history_command(args), 3);
  EXPECT_EQ(::testing::internal::GetCapturedStdout(),
            "history: 0 finished runs of config 'flower', fewer than --min-runs 5: nothing to "
            "judge yet -> exit 3\n");
}

TEST(CommandBody, HistoryWithoutAStoreSaysHowToGiveOne) {
  ::unsetenv("REACTORBENCH_DB");
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(history_command(HistoryArgs{}), 2);
  EXPECT_EQ(::testing::internal::GetCapturedStderr(),
            "error: no store: give --store PATH or set REACTORBENCH_DB\n");
}

TEST(CommandBody, TagRefusesABadNameBeforeLookingForTheRun) {
  TagArgs args;
  args.run = "last";
  args.name = "1st";
  ::testing::internal::CaptureStderr();
  EXPECT_EQ(tag_command(args), 2);
  EXPECT_EQ(::testing::internal::GetCapturedStderr().rfind("error: tag '1st': ", 0), 0U);
}

}  // namespace
}  // namespace rb::cli
