// `runner store copy SRC DST`: moves a whole history between stores - a SQLite file and a
// PostgreSQL database (postgresql://user@host/db), either way - keeping run ids, tags,
// samples and histograms (store/history_copy.h).
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "cli/command.h"

namespace rb::cli {

struct StoreCopyArgs {
  std::string source;
  std::string destination;
  bool replace = false;
};

int store_copy_command(const StoreCopyArgs& args);

struct StoreCommand final : CommandOn<StoreCopyArgs, store_copy_command, "store"> {
  CLI::App* add_to(CLI::App& app) override;
};

}  // namespace rb::cli
