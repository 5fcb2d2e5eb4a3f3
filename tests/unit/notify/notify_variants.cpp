#include "notify_variants.h"

#include <filesystem>
#include <map>

#include "built_plugins.h"

namespace rb_test {
namespace {

std::string Stem(const std::string& path) {
  return std::filesystem::path(path).stem().string();
}

// The option sets each of our plugins documents, beyond its defaults.
const std::map<std::string, std::vector<OptionList>>& KnownVariants() {
  static const std::map<std::string, std::vector<OptionList>> variants = {
      {"libevent2",
       {{{"wakeup", "eventfd"}},
        {{"drain", "all"}},
        {{"wakeup", "eventfd"}, {"drain", "all"}},
        {{"wakeup", "pipe"}, {"drain", "one"}}}},
      {"raw_epoll", {{{"wake", "when_empty"}}, {{"wake", "every"}}}},
      {"io_uring", {{{"wake", "eventfd"}}, {{"wake", "msg_ring"}}}},
      {"libev", {{{"backend", "poll"}}, {{"backend", "select"}}}},
      {"muduo", {{{"post", "coalesced"}}, {{"post", "queue_in_loop"}, {"events_initial", "4"}}}},
      {"epoll_add_always", {{{"post", "coalesced"}}}},
      {"condvar_queue",
       {{{"notify", "broadcast"}},
        {{"batch", "true"}},
        {{"notify", "broadcast"}, {"batch", "true"}},
        {{"notify", "signal"}, {"batch", "false"}}}},
  };
  return variants;
}

std::string LabelOf(const std::string& stem, const OptionList& options) {
  std::string label = stem;
  for (const auto& [key, value] : options) label += "_" + key + "_" + value;
  return label;
}

}  // namespace

std::vector<NotifyVariant> NotifyVariants() {
  std::vector<NotifyVariant> variants;
  for (const std::string& path : PluginPathsOffering("notify")) {
    const std::string stem = Stem(path);
    variants.push_back({path, {}, TestNameOf(path)});
    const auto known = KnownVariants().find(stem);
    if (known == KnownVariants().end()) continue;
    for (const OptionList& options : known->second)
      variants.push_back({path, options, LabelOf(TestNameOf(path), options)});
  }
  return variants;
}

OptionList MalformedOptionFor(const std::string& file_stem) {
  static const std::map<std::string, OptionList> malformed = {
      {"libevent2", {{"wakeup", "socket"}}},   {"raw_epoll", {{"wake", "sometimes"}}},
      {"muduo", {{"post", "direct"}}},         {"epoll_add_always", {{"events_initial", "0"}}},
      {"condvar_queue", {{"batch", "maybe"}}}, {"libev", {{"backend", "kqueue"}}},
      {"io_uring", {{"wake", "pipe"}}},
  };
  const auto it = malformed.find(file_stem);
  return it == malformed.end() ? OptionList{} : it->second;
}

const rb_notify_ops& NotifyOpsOf(const std::string& path) {
  return *LoadPlugin(path).notify;
}

}  // namespace rb_test
