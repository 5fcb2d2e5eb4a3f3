#include "cli/command_table.h"

#include <string>

#include "cli/command_examples.h"
#include "cli/compare_command.h"
#include "cli/export_command.h"
#include "cli/history_command.h"
#include "cli/html_report_command.h"
#include "cli/merge_command.h"
#include "cli/new_plugin_command.h"
#include "cli/plugins_command.h"
#include "cli/run_command.h"
#include "cli/serve_command.h"
#include "cli/store_command.h"
#include "cli/summarize_command.h"
#include "cli/tag_command.h"
#include "cli/validate_command.h"
#include "model/build_info.h"

namespace rb::cli {

std::vector<std::unique_ptr<Command>> runner_commands() {
  std::vector<std::unique_ptr<Command>> commands;
  commands.push_back(std::make_unique<RunCommand>());
  commands.push_back(std::make_unique<PluginsCommand>());
  commands.push_back(std::make_unique<ValidateCommand>());
  commands.push_back(std::make_unique<NewPluginCommand>());
  commands.push_back(std::make_unique<ServeCommand>());
  commands.push_back(std::make_unique<HistoryCommand>());
  commands.push_back(std::make_unique<CompareCommand>());
  commands.push_back(std::make_unique<ExportCommand>());
  commands.push_back(std::make_unique<HtmlReportCommand>());
  commands.push_back(std::make_unique<TagCommand>());
  commands.push_back(std::make_unique<MergeCommand>());
  commands.push_back(std::make_unique<StoreCommand>());
  commands.push_back(std::make_unique<SummarizeCommand>());
  return commands;
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
