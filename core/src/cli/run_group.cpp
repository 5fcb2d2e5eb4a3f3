#include "cli/run_group.h"

#include <cctype>
#include <charconv>
#include <stdexcept>

#include <fmt/format.h>

#include "store/run_recorder.h"

namespace rb::cli {
namespace {

constexpr std::size_t kMaxGroupLength = 100;

std::optional<int> parse_int(std::string_view text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

// The shard auto/N stands for: the first of kShardVariables that is set.
int index_from_environment(int count, const EnvLookup& env) {
  for (const auto& variable : kShardVariables) {
    const char* value = env(variable.name);
    if (value == nullptr || *value == '\0') continue;
    const auto n = parse_int(value);
    if (!n)
      throw std::runtime_error(
          fmt::format("--shard auto/{}: {}='{}' is not a number", count, variable.name, value));
    const int index = *n - variable.base + 1;
    if (index < 1 || index > count)
      throw std::runtime_error(
          fmt::format("--shard auto/{}: {}={} is shard {} ({}-based), but there are shards 1 to {}",
                      count, variable.name, value, index, variable.base, count));
    return index;
  }
  throw std::runtime_error(fmt::format(
      "--shard auto/{}: none of JOB_COMPLETION_INDEX (a Kubernetes Indexed Job, 0-based) or "
      "SLURM_ARRAY_TASK_ID (a Slurm array, 1-based: --array=1-{}) is set; give the shard as "
      "I/{} (1-based)",
      count, count, count));
}

}  // namespace

exec::ShardChoice parse_shard(std::string_view text, std::string_view by, const EnvLookup& env) {
  const auto slash = text.find('/');
  const auto count =
      slash == std::string_view::npos ? std::nullopt : parse_int(text.substr(slash + 1));
  if (!count || *count < 1)
    throw std::runtime_error(fmt::format(
        "--shard '{}': expected I/N, shard I (1-based) of N, e.g. 2/4, or auto/N", text));
  exec::ShardChoice choice;
  choice.count = *count;
  const std::string_view index = text.substr(0, slash);
  if (index == "auto") {
    choice.index = index_from_environment(*count, env);
  } else {
    const auto n = parse_int(index);
    if (!n)
      throw std::runtime_error(fmt::format(
          "--shard '{}': expected I/N, shard I (1-based) of N, e.g. 2/4, or auto/N", text));
    if (*n < 1 || *n > *count)
      throw std::runtime_error(
          fmt::format("--shard {}: shard {} of {} does not exist (shards "
                      "are numbered 1 to {})",
                      text, *n, *count, *count));
    choice.index = *n;
  }
  const auto shard_by = exec::shard_by_named(by);
  if (!shard_by)
    throw std::runtime_error(
        fmt::format("--shard-by '{}': expected point (the default) or cell", by));
  choice.by = *shard_by;
  return choice;
}

std::string plan_fingerprint(std::string_view config_text,
                             const std::vector<std::string>& overrides) {
  std::string text(config_text);
  for (const auto& o : overrides) text += '\0' + o;
  return store::sha256_hex(text);
}

std::string default_group(const std::string& fingerprint, const std::string& git_revision,
                          const std::string& started_at) {
  std::string date;
  for (const char c : started_at.substr(0, 10))
    if (c != '-') date += c;
  std::string revision;
  for (const char c : git_revision.empty() ? std::string("nogit") : git_revision)
    revision += invalid_group_reason(std::string(1, c)).empty() ? c : '_';
  return fmt::format("{}-{}-{}", date, revision, fingerprint.substr(0, 12));
}

std::string invalid_group_reason(std::string_view name) {
  if (name.empty()) return "a group id is not empty";
  if (name.size() > kMaxGroupLength)
    return fmt::format("a group id has at most {} characters", kMaxGroupLength);
  for (const char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '-')
      return fmt::format("a group id has only letters, digits, '.', '_' and '-' (not '{}')", c);
  return "";
}

}  // namespace rb::cli
