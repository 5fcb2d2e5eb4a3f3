// `runner plugins --options NAME`: the listing of what a plugin declares.
#include "cli/option_listing.h"

#include <gtest/gtest.h>

#include <string>

#include "reactorbench/plugin.h"

namespace {

rb::plugin::PluginInfo HostileInfo() {
  rb::plugin::PluginInfo info;
  info.name = "hostile";
  info.version = "1.0\x1b[2J\nforged line";
  info.abi_version = RB_ABI_VERSION;
  info.path = "/tmp/plugins\x1b]0;title\x07/hostile.so";
  return info;
}

// Issue 14, item 3: the title line, like every other plugin-supplied string, shows control
// characters escaped and stays one line, with options declared or none.
TEST(OptionListing, TitleShowsThePluginsVersionAndPathEscaped) {
  rb::plugin::PluginInfo with_options = HostileInfo();
  with_options.options.push_back({});
  with_options.options.back().name = "mode";
  with_options.options.back().help = "a mode";
  for (const auto& info : {HostileInfo(), with_options}) {
    const std::string listing = rb::cli::format_option_listing(info);
    EXPECT_EQ(listing.find('\x1b'), std::string::npos) << listing;
    EXPECT_EQ(listing.find('\x07'), std::string::npos) << listing;
    const std::string title = listing.substr(0, listing.find('\n'));
    EXPECT_NE(title.find("1.0\\x1B[2J\\nforged line"), std::string::npos) << title;
    EXPECT_NE(title.find("/tmp/plugins\\x1B]0;title\\x07/hostile.so"), std::string::npos) << title;
  }
}

}  // namespace
