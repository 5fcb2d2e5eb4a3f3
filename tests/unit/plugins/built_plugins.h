// The plugin files this build made (its plugin directory), for tests that load them directly.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reactorbench/plugin.h"

namespace rb_test {

// Every *.so in the build's plugin directory, sorted.
std::vector<std::string> PluginPaths();

// Path of one plugin file in that directory, e.g. PluginPath("libevent2").
std::string PluginPath(const std::string& file_stem);

// The entry function of a plugin file. dlopen(RTLD_NOW | RTLD_LOCAL) once per path and never
// dlclose'd, as in a run. Throws std::runtime_error with dlerror's text.
rb_entry_fn LoadEntry(const std::string& path);

// The descriptor for this host's ABI version; throws if the entry returns NULL.
const rb_plugin& LoadPlugin(const std::string& path);

// LoadPlugin(PluginPath(file_stem)): the descriptor of one plugin of this build.
const rb_plugin& LoadBuiltPlugin(const std::string& file_stem);

// The descriptor's name and library are these.
::testing::AssertionResult NamesItselfAndItsLibrary(const rb_plugin& plugin, const char* name,
                                                    const char* library);

// The descriptor offers a table for every workload (flower, notify, both pingpong roles, rr).
::testing::AssertionResult OffersEveryWorkload(const rb_plugin& plugin);

// Paths of the plugins of this build that load and offer the table `workload` ("flower",
// "notify", "pingpong_server", "pingpong_client", "rr_server"), sorted. A plugin that does not
// load is left out: the descriptor tests report it.
std::vector<std::string> PluginPathsOffering(const std::string& workload);

// "libevent2.so" -> "libevent2", "raw_epoll.so" -> "raw_epoll": usable in a test name.
std::string TestNameOf(const std::string& path);

}  // namespace rb_test
