#include "cli/command_table.h"

#include <string>

#include "cli/command_examples.h"
#include "cli/compare_command.h"
#include "cli/export_command.h"
#include "cli/history_command.h"
#include "cli/merge_command.h"
#include "cli/new_plugin_command.h"
#include "cli/plugins_command.h"
#include "cli/report_command.h"
#include "cli/run_command.h"
#include "cli/serve_command.h"
#include "cli/store_command.h"
#include "cli/summarize_command.h"
#include "cli/tag_command.h"
#include "cli/validate_command.h"
#include "model/build_info.h"

namespace rb::cli {

namespace {

template <class... Commands>
std::vector<std::unique_ptr<Command>> make_commands() {
  std::vector<std::unique_ptr<Command>> commands;
  (commands.push_back(std::make_unique<Commands>()), ...);
  return commands;
}

}  // namespace

std::vector<std::unique_ptr<Command>> runner_commands() {
  return make_commands<RunCommand, PluginsCommand, ValidateCommand, NewPluginCommand, ServeCommand,
                       HistoryCommand, CompareCommand, ExportCommand, HtmlReportCommand, TagCommand,
                       MergeCommand, StoreCommand, SummarizeCommand>();
}

void describe_runner(CLI::App& app) {
  app.description("reactorbench: benchmark reactor / event-loop libraries through plugins");
  app.name("runner");
  app.require_subcommand(1);
  // The revision too: what results record as git_revision (model/build_info.h).
  const std::string revision = model::git_revision();
  app.set_version_flag("--version", std::string(model::runner_version()) +
                                        (revision.empty() ? "" : " (git " + revision + ")"));
}

std::vector<DeclaredCommand> declare_commands(
    CLI::App& app, const std::vector<std::unique_ptr<Command>>& commands) {
  std::vector<DeclaredCommand> declared;
  for (const auto& command : commands) declared.push_back({command.get(), command->add_to(app)});
  // After every sub-command exists: CLI11 copies a footer into the sub-commands made later.
  add_command_examples(app);
  return declared;
}

Command* chosen_command(const std::vector<DeclaredCommand>& declared) {
  for (const DeclaredCommand& entry : declared)
    if (entry.parsed_by->parsed()) return entry.command;
  return nullptr;
}

}  // namespace rb::cli
