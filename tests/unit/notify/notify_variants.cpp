#include "notify_variants.h"

#include <filesystem>
#include <map>
#include <optional>

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

// The plugin's declarations, each options[0].struct_size bytes apart (plugin.h).
std::vector<rb_option_decl> DeclaredOptions(const rb_plugin& plugin) {
  std::vector<rb_option_decl> decls;
  if (plugin.options == nullptr) return decls;
  const auto* bytes = reinterpret_cast<const unsigned char*>(plugin.options);
  for (uint32_t i = 0; i < plugin.option_count; ++i)
    decls.push_back(
        *reinterpret_cast<const rb_option_decl*>(bytes + i * plugin.options[0].struct_size));
  return decls;
}

bool AppliesToNotify(const rb_option_decl& decl) {
  if (decl.workloads == nullptr) return true;
  std::string listed = std::string(",") + decl.workloads + ",";
  std::erase(listed, ' ');
  return listed.find(",notify,") != std::string::npos;
}

// A value the option's declared type refuses; none for free text.
std::optional<std::string> ValueItsTypeRefuses(const rb_option_decl& decl) {
  switch (decl.type) {
    case RB_OPTION_INT:
      return "12x";
    case RB_OPTION_BOOL:
      return "maybe";
    case RB_OPTION_ENUM:
      return "no_such_choice";
    default:
      return std::nullopt;
  }
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

std::vector<RefusedOption> RefusedNotifyOptions(const std::string& path) {
  const rb_plugin& plugin = LoadPlugin(path);
  std::vector<RefusedOption> refused;
  for (const rb_option_decl& decl : DeclaredOptions(plugin)) {
    const std::string key = decl.name;
    const std::string label = TestNameOf(path) + "_" + key;
    if (!AppliesToNotify(decl)) {
      const std::string value = decl.default_value != nullptr ? decl.default_value : "1";
      refused.push_back({path,
                         key,
                         value,
                         {"unknown option '" + key + "'",
                          "'" + key + "' applies to " + std::string(decl.workloads)},
                         label});
    } else if (const auto value = ValueItsTypeRefuses(decl)) {
      refused.push_back({path, key, *value, {"option '" + key + "'", "'" + *value + "'"}, label});
    }
  }
  return refused;
}

std::vector<RefusedOption> RefusedNotifyOptions() {
  std::vector<RefusedOption> all;
  for (const std::string& path : PluginPathsOffering("notify")) {
    const auto refused = RefusedNotifyOptions(path);
    all.insert(all.end(), refused.begin(), refused.end());
  }
  return all;
}

const rb_notify_ops& NotifyOpsOf(const std::string& path) {
  return *LoadPlugin(path).notify;
}

}  // namespace rb_test
