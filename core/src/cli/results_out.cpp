#include "cli/results_out.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <ctime>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/reporters.h"

namespace rb::cli {
namespace {

constexpr int kMaxSameSecondRuns = 1000;
constexpr std::size_t kEntriesNamed = 3;

std::string utc_second() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%d-%H%M%S", &tm);
  return text;
}

// Every file a run writes into its results directory.
std::vector<std::string> run_files() {
  std::vector<std::string> names = {"samples.jsonl", "config.toml", "store.json"};
  for (const ReporterEntry* file : reporters_of(OutputKind::result_file))
    names.push_back(file->name);
  return names;
}

// --force: the results of the run before go, the user's other files stay.
void remove_run_files(const std::filesystem::path& dir) {
  for (const auto& name : run_files()) std::filesystem::remove(dir / name);
  const auto logs = dir / "logs";
  if (!std::filesystem::is_directory(logs)) return;
  for (const auto& entry : std::filesystem::directory_iterator(logs))
    if (entry.is_regular_file() && entry.path().filename().string().rfind("cell-", 0) == 0)
      std::filesystem::remove(entry.path());
}

std::filesystem::path given_dir(const std::filesystem::path& dir, bool force) {
  if (std::filesystem::exists(dir) && !std::filesystem::is_directory(dir))
    throw std::runtime_error(fmt::format("--out {}: not a directory", dir.string()));
  if (!std::filesystem::exists(dir)) {
    std::filesystem::create_directories(dir);
    return dir;
  }
  std::vector<std::string> entries;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    entries.push_back(entry.path().filename().string());
  if (entries.empty()) return dir;
  if (force) {
    // --force replaces a run, never a directory of the user's own files (issue 31, item 2:
    // it removed a config.toml of theirs): a run leaves summary.json or samples.jsonl.
    if (!std::filesystem::exists(dir / "summary.json") &&
        !std::filesystem::exists(dir / "samples.jsonl"))
      throw std::runtime_error(fmt::format(
          "--out {}: --force replaces the results of an earlier run, and this directory holds "
          "none (no summary.json or samples.jsonl); give a new or empty directory",
          dir.string()));
    remove_run_files(dir);
    return dir;
  }
  std::sort(entries.begin(), entries.end());
  const std::size_t named = std::min(entries.size(), kEntriesNamed);
  throw std::runtime_error(fmt::format(
      "--out {}: not empty (it holds {}{}): the results of two runs would mix; give a new or "
      "empty directory, or --force to replace the results there",
      dir.string(), fmt::join(entries.begin(), entries.begin() + static_cast<long>(named), ", "),
      entries.size() > named ? ", ..." : ""));
}

std::filesystem::path new_default_dir(const std::filesystem::path& config) {
  const std::filesystem::path parent = kDefaultResultsRoot;
  std::filesystem::create_directories(parent);
  const std::string base = config.stem().string() + "-" + utc_second();
  for (int n = 1; n <= kMaxSameSecondRuns; ++n) {
    const auto dir = parent / (n == 1 ? base : fmt::format("{}-{}", base, n));
    if (::mkdir(dir.c_str(), 0755) == 0) return dir;
    if (errno != EEXIST)
      throw std::system_error(errno, std::generic_category(), "cannot create " + dir.string());
  }
  throw std::runtime_error(fmt::format("{}/{}: {} runs in one second already; give --out",
                                       parent.string(), base, kMaxSameSecondRuns));
}

}  // namespace

std::filesystem::path prepare_results_dir(const std::optional<std::filesystem::path>& out,
                                          bool force, const std::filesystem::path& config) {
  return out ? given_dir(*out, force) : new_default_dir(config);
}

}  // namespace rb::cli
