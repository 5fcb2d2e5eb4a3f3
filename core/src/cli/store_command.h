// `runner store copy SRC DST`: moves a whole history between stores - a SQLite file and a
// PostgreSQL database (postgresql://user@host/db), either way - keeping run ids, tags,
// samples and histograms (store/history_copy.h).
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace rb::cli {

struct StoreCopyArgs {
  std::string source;
  std::string destination;
  bool replace = false;
};

// The `store` command with its `copy` sub-command; returns `copy`.
CLI::App* add_store_command(CLI::App& app, StoreCopyArgs& args);

int store_copy_command(const StoreCopyArgs& args);

}  // namespace rb::cli
