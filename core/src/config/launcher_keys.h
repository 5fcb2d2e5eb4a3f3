// [run] server_launcher, client_launcher, remote_runner and server_address: a two-process
// cell's server and client on two hosts (exec/pair_process.h), e.g.
//   server_launcher = ["ssh", "-T", "bench-b"]          or ["ip", "netns", "exec", "b"]
//   server_address  = "10.0.0.2:0"                      what the server binds there
//   remote_runner   = "/opt/reactorbench/bin/runner"    the runner's path there
#pragma once

#include <toml++/toml.h>

#include "config/server_section.h"
#include "config/test_plan.h"
#include "config/toml_access.h"

namespace rb::config {

// Reads whichever of the keys `run` holds into `settings`; a ConfigError at the value for a
// wrong type, an empty launcher or program, or an address the client could not connect to.
void read_launcher_keys(const TomlReader& reader, const toml::table& run, RunSettings& settings);

// The keys against the rest of the plan: they need a workload whose cells run a server and
// a client process (`workload`'s layout), and a server launcher runs the runner's own server there,
// so it cannot go with servers that are programs or targets (`servers`). `run` may be null.
void check_launcher_keys(const TomlReader& reader, const toml::node* run,
                         const std::string& workload, const ServerSection& servers);

}  // namespace rb::config
