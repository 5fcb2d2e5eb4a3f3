#include "cli/store_command.h"

#include <iostream>

#include <fmt/format.h>

#include "cli/exit_codes.h"
#include "store/history_copy.h"
#include "store/schema.h"
#include "store/store_url.h"
#include "text/printable.h"

namespace rb::cli {

CLI::App* StoreCommand::add_to(CLI::App& app) {
  auto* store = app.add_subcommand("store", "Work on a history store as a whole");
  store->require_subcommand(1);
  auto* copy = store->add_subcommand(
      "copy",
      "Copy a whole history (runs, cells, samples, histograms, tags, ids kept) from SRC to DST: "
      "a SQLite file or postgresql://user@host/db, either way");
  copy->add_option("source", args_.source, "the history to copy (path or postgresql:// URL)")
      ->required();
  copy->add_option("destination", args_.destination,
                   "where to (a new file, or an empty PostgreSQL database)")
      ->required();
  copy->add_flag("--replace", args_.replace,
                 "the destination holds runs: delete them first (otherwise it is refused)");
  return copy;
}

int store_copy_command(const StoreCopyArgs& args) {
  try {
    store::Database source = store::open_history_for_reading(args.source);
    store::Database destination = store::open_history(args.destination, true);
    const store::CopyCounts counts =
        store::copy_history(source, destination, {.replace = args.replace});
    std::cout << fmt::format(
        "copied {} runs ({} cells, {} samples, {} histograms, {} tags) from {} to {}\n",
        counts.at("runs"), counts.at("cells"), counts.at("samples"), counts.at("sample_histograms"),
        counts.at("run_tags"), source.name(), destination.name());
    return kExitOk;
  } catch (const std::exception& e) {
    std::cerr << "error: store copy: " << rb::text::printable_lines(e.what()) << '\n';
    return kExitUsage;
  }
}

}  // namespace rb::cli
