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

// An option each plugin knows but with a value it must refuse, by file stem; empty for a
// plugin we know nothing about.
OptionList MalformedOptionFor(const std::string& file_stem);

const rb_notify_ops& NotifyOpsOf(const std::string& path);

}  // namespace rb_test
