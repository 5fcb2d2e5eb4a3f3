#include "cli/tag_command.h"

#include <iostream>

#include <fmt/format.h>

#include "cli/exit_codes.h"
#include "cli/run_ref_options.h"
#include "cli/run_source.h"
#include "report/run_context.h"
#include "store/run_tags.h"
#include "store/schema.h"
#include "store/store_url.h"
#include "text/printable.h"

namespace rb::cli {

CLI::App* TagCommand::add_to(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "tag", "Name a stored run as a baseline: compare, report and export then take the name");
  cmd->add_option("run", args_.run, "stored run id, last, last~N, a tag, or a stored results dir")
      ->required();
  cmd->add_option("name", args_.name, "the tag (a letter, then letters, digits, . _ -)")
      ->required();
  add_run_ref_options(*cmd, args_.store, args_.config, args_.host);
  return cmd;
}

int tag_command(const TagArgs& args) {
  try {
    if (const std::string why = store::invalid_tag_reason(args.name); !why.empty())
      throw std::runtime_error(
          fmt::format("tag '{}': {}", rb::text::printable_excerpt(args.name), why));
    const RunSourceOptions sources{store_path_or_env(args.store), args.config, args.host};
    const LoadedRun run = load_run_ref(args.run, sources);
    if (!run.store_id || !run.store_path)
      throw std::runtime_error(fmt::format(
          "{} is not in a history store (no store.json): only a stored run can be tagged; run "
          "with --store",
          run.label));
    store::Database db = store::open_history(*run.store_path, false);
    const auto before = store::set_tag(db, args.name, *run.store_id, report::iso8601_utc_now());
    // The label and a results directory's store path are read from its files: foreign text.
    std::cout << rb::text::printable(fmt::format("{}: tagged {} as '{}'",
                                                 store::masked_location(run.store_path->string()),
                                                 run.label, args.name));
    if (before && *before != *run.store_id) std::cout << fmt::format(" (it was run {})", *before);
    std::cout << '\n';
    return kExitOk;
  } catch (const std::exception& e) {
    std::cerr << "error: " << rb::text::printable_lines(e.what()) << '\n';
    return kExitUsage;
  }
}

}  // namespace rb::cli
