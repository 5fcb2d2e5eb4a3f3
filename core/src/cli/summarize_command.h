// `runner summarize DIR`: summary.json, .csv and .md rebuilt from DIR/samples.jsonl alone,
// for a run that measured its cells but could not write them (exit code 4: a full disk) or
// whose summaries were lost.
#pragma once

#include <filesystem>

namespace CLI {
class App;
}

namespace rb::cli {

CLI::App* add_summarize_command(CLI::App& app, std::filesystem::path& dir);
int summarize_command(const std::filesystem::path& dir);

}  // namespace rb::cli
