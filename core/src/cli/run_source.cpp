#include "cli/run_source.h"

#include <toml++/toml.h>

#include <cstdlib>
#include <map>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "model/regular_file.h"
#include "report/results_dir.h"
#include "report/shard_merge.h"
#include "store/run_groups.h"
#include "store/run_reader.h"
#include "store/run_tags.h"
#include "store/schema.h"
#include "store/store_link.h"
#include "store/store_url.h"

namespace rb::cli {
namespace {

std::string describe(const RunContext& c) {
  std::string out = c.started_at;
  if (!c.host.empty()) out += ", " + c.host;
  if (!c.git_revision.empty()) out += ", git " + c.git_revision;
  return out;
}

std::filesystem::path require_store(const RunSourceOptions& options, const std::string& ref) {
  if (options.store) return *options.store;
  throw std::runtime_error(fmt::format(
      "'{}' names a stored run, but there is no store: give --store PATH or set REACTORBENCH_DB",
      ref));
}

// The config's `name`, as `runner run` records it: the stored link, else config.toml's
// name key, else the config file's stem.
std::string dir_config_name(const std::filesystem::path& dir, const RunResult& run) {
  if (const auto link = store::read_store_link(dir); link && !link->config_name.empty())
    return link->config_name;
  const auto path = dir / "config.toml";
  if (const auto text = model::read_regular_file_if_present(path, report::kConfigTomlBound)) {
    try {
      const auto table = toml::parse(*text, path.string());
      if (const auto name = table["name"].value<std::string>(); name && !name->empty())
        return *name;
    } catch (const toml::parse_error&) {
      // Not TOML: fall back to the path the run was started with.
    }
  }
  return std::filesystem::path(run.context.config_path).stem().string();
}

LoadedRun load_stored(const std::filesystem::path& path, std::int64_t id) {
  store::Database db = store::open_history_for_reading(path);
  const auto found = store::find_run(db, id);
  if (!found)
    throw std::runtime_error(
        fmt::format("{}: no run {}", store::masked_location(path.string()), id));
  LoadedRun out;
  out.run = store::load_run(db, id);
  out.store_id = id;
  out.store_path = path;
  out.config_name = found->config_name;
  out.label = fmt::format("run {} ({}, {}{})", id, found->config_name, describe(out.run.context),
                          found->status == "finished" ? "" : ", " + found->status);
  return out;
}

LoadedRun load_dir(const std::filesystem::path& dir) {
  if (!std::filesystem::exists(dir / "summary.json"))
    throw std::runtime_error(dir.string() + ": not a results directory (no summary.json)");
  LoadedRun out;
  out.run = report::read_results_dir(dir);
  out.results_dir = dir;
  out.config_name = dir_config_name(dir, out.run);
  if (const auto link = store::read_store_link(dir)) {
    out.store_id = link->run_id;
    out.store_path = link->database;
  }
  out.label = fmt::format("{} ({}, {})", dir.string(), out.config_name, describe(out.run.context));
  return out;
}

// A named baseline (store/run_tags.h).
LoadedRun load_tagged(const std::string& name, const std::filesystem::path& path) {
  std::optional<std::int64_t> id;
  std::vector<std::string> names;
  {
    store::Database db = store::open_history_for_reading(path);
    id = store::find_tag(db, name);
    if (!id)
      for (const auto& tag : store::list_tags(db)) names.push_back(tag.name);
  }
  if (!id)
    throw std::runtime_error(
        fmt::format("'{}' is neither a results directory nor a tag in {} ({})", name,
                    store::masked_location(path.string()),
                    names.empty() ? std::string("it has no tags: `runner tag RUN NAME` makes one")
                                  : fmt::format("its tags: {}", fmt::join(names, ", "))));
  LoadedRun out = load_stored(path, *id);
  out.label = fmt::format("'{}' = {}", name, out.label);
  return out;
}

// group:ID - the shards of one logical run as the store has them (each machine stored its
// own), merged as `runner merge` merges their directories. A shard stored twice (a job run
// again) counts with its newest run.
LoadedRun load_group(const std::string& ref, const std::filesystem::path& path) {
  const std::string group = ref.substr(kGroupPrefix.size());
  store::Database db = store::open_history_for_reading(path);
  std::map<int, store::GroupRun> newest;
  for (const auto& run : store::group_runs(db, group)) newest[run.shard_index] = run;
  if (newest.empty()) {
    const auto groups = store::list_groups(db, 5);
    throw std::runtime_error(fmt::format(
        "'{}': no run of group '{}' in {} ({})", ref, group, path.string(),
        groups.empty() ? std::string("it has no grouped runs: schema 7 and "
                                     "`runner run --group` record them")
                       : fmt::format("its newest groups: {}", fmt::join(groups, ", "))));
  }
  if (newest.size() == 1 && newest.begin()->first == 0) {  // one run of its own, not sharded
    LoadedRun out = load_stored(path, newest.begin()->second.id);
    out.label = fmt::format("group {} = {}", group, out.label);
    return out;
  }
  std::vector<report::ShardRun> shards;
  std::vector<std::string> runs;
  std::string config_name;
  for (const auto& [index, stored] : newest) {
    LoadedRun one = load_stored(path, stored.id);
    config_name = one.config_name;
    runs.push_back(
        fmt::format("#{}{}", stored.id, stored.status == "finished" ? "" : " " + stored.status));
    shards.push_back({fmt::format("{} run {}", path.string(), stored.id), std::move(one.run)});
  }
  report::MergedShards merged = report::merge_shards(std::move(shards));
  LoadedRun out;
  out.run = std::move(merged.run);
  out.store_path = path;
  out.config_name = config_name;
  const int count = out.run.shards.front().shard.count;
  out.label = fmt::format("group {} ({} of {} shards: runs {}{}; {}, {})", group,
                          out.run.shards.size(), count, fmt::join(runs, ", "),
                          merged.missing.empty()
                              ? std::string()
                              : fmt::format("; shard {} missing", fmt::join(merged.missing, ", ")),
                          config_name, describe(out.run.context));
  return out;
}

std::optional<std::int64_t> parse_id(std::string_view text) {
  if (!text.empty() && text.front() == '#') text.remove_prefix(1);
  if (text.empty() || text.size() > 18) return std::nullopt;
  std::int64_t id = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    id = id * 10 + (c - '0');
  }
  return id;
}

// "last" -> 0, "last~3" -> 3
std::optional<std::size_t> parse_last(std::string_view text) {
  if (text == "last") return 0;
  if (text.substr(0, 5) != "last~") return std::nullopt;
  const auto n = parse_id(text.substr(5));
  if (!n || text.size() == 5 || text[5] == '#') return std::nullopt;
  return static_cast<std::size_t>(*n);
}

}  // namespace

std::optional<std::filesystem::path> store_path_or_env(
    const std::optional<std::filesystem::path>& flag) {
  if (flag) return flag;
  if (const char* env = std::getenv("REACTORBENCH_DB"); env != nullptr && *env != '\0')
    return std::filesystem::path(env);
  return std::nullopt;
}

LoadedRun load_run_ref(const std::string& ref, const RunSourceOptions& options) {
  if (std::filesystem::is_directory(ref)) return load_dir(ref);
  if (const auto back = parse_last(ref)) {
    const auto path = require_store(options, ref);
    store::Database db = store::open_history_for_reading(path);
    // Finished runs only: a run still going (or killed) has part of its cells, an
    // interrupted one may miss any of them.
    store::RunFilter filter;
    filter.config_name = options.config;
    filter.host = options.host;
    filter.finished_only = true;
    // No --config: the newest finished run's config, so `last~1 last` compares like with like
    // even when a nightly stores several configs in turn.
    if (filter.config_name.empty()) {
      const auto newest = store::list_runs(db, filter, 1);
      if (!newest.empty()) filter.config_name = newest.front().config_name;
    }
    const auto runs = store::list_runs(db, filter, *back + 1);
    if (runs.size() <= *back) {
      std::string scope;
      if (!filter.config_name.empty())
        scope += " of config '" + filter.config_name + "'" +
                 (options.config.empty() ? " (the newest finished run's)" : "");
      if (!options.host.empty()) scope += " on host '" + options.host + "'";
      throw std::runtime_error(fmt::format("{}: '{}' needs {} finished stored runs{}; there {} {}",
                                           store::masked_location(path.string()), ref, *back + 1,
                                           scope, runs.size() == 1 ? "is" : "are", runs.size()));
    }
    return load_stored(path, runs[*back].id);
  }
  if (const auto id = parse_id(ref)) return load_stored(require_store(options, ref), *id);
  if (ref.starts_with(kGroupPrefix)) return load_group(ref, require_store(options, ref));
  if (store::invalid_tag_reason(ref).empty() && options.store)
    return load_tagged(ref, *options.store);
  throw std::runtime_error(fmt::format(
      "'{}' is neither a results directory, a stored run id (12), 'last', 'last~N', a group "
      "(group:ID) nor a tag (`runner tag`; looked up in --store or REACTORBENCH_DB)",
      ref));
}

std::optional<std::filesystem::path> history_store_of(const LoadedRun& run,
                                                      const RunSourceOptions& options) {
  return options.store ? options.store : run.store_path;
}

store::RunFilter earlier_runs(const LoadedRun& run, const std::filesystem::path& store,
                              bool& same_store) {
  store::RunFilter filter;
  filter.config_name = run.config_name;
  filter.host = run.run.context.host;
  filter.finished_only = true;
  same_store = run.store_id && run.store_path &&
               store::same_location(run.store_path->string(), store.string());
  if (same_store)
    filter.before_id = *run.store_id;
  else
    filter.started_before = run.run.context.started_at;
  return filter;
}

std::optional<LoadedRun> load_previous_run(const LoadedRun& of, const RunSourceOptions& options) {
  const std::optional<std::filesystem::path> path = history_store_of(of, options);
  if (!path)
    throw std::runtime_error(
        "'previous' looks the baseline up in the store: give --store PATH or set "
        "REACTORBENCH_DB");
  store::Database db = store::open_history_for_reading(*path);
  // The run itself may be in the store too: look strictly before it.
  bool same_store = false;
  const store::RunFilter filter = earlier_runs(of, *path, same_store);
  const auto runs = store::list_runs(db, filter, 1);
  if (runs.empty()) return std::nullopt;
  return load_stored(*path, runs.front().id);
}

}  // namespace rb::cli
