// Which notify plugins and option sets the tests cover: every plugin in the build's plugin
// directory that offers notify, with its default options and each documented variant.
#pragma once

#include <string>
#include <vector>

#include "notify_driver.h"
#include "reactorbench/plugin.h"

namespace rb_test {

struct NotifyVariant {
  std::string path;
  OptionList options;
  std::string label;  // usable in a test name, e.g. "libevent2_wakeup_eventfd"
};

// Every notify plugin with its default options, plus the known variants of ours.
std::vector<NotifyVariant> NotifyVariants();

// An option a notify plugin must refuse at start, derived from the options it declares: one
// it declares for notify with a value its type refuses (an ENUM's unknown choice, an INT that
// is no number, a BOOL that is neither on nor off), or one it declares for other workloads
// only (refused by name, saying where it applies).
struct RefusedOption {
  std::string path;
  std::string key;
  std::string value;
  std::vector<std::string> error_says;  // what the refusal's message must contain
  std::string label;                    // usable in a test name, e.g. "raw_epoll_wake"
};

// The refused options of one plugin file, and of every notify plugin in the plugin directory.
std::vector<RefusedOption> RefusedNotifyOptions(const std::string& path);
std::vector<RefusedOption> RefusedNotifyOptions();

const rb_notify_ops& NotifyOpsOf(const std::string& path);

}  // namespace rb_test
