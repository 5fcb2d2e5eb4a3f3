// Servers a config's cells drive that are not plugins (model/external_server.h):
//   [servers.NAME] command = ["./my-server", "--port", "{port}"]   or   target = "HOST:PORT"
// each usable by NAME wherever a server plugin's name goes ([matrix] server = [...] for
// pingpong, `plugins` for rr), so one table compares them with our plugins; and
//   [run] target = "HOST:PORT"   or   [run] server_command = [...]
// the server of every cell (the config then names no servers: `plugins` and [matrix] client
// are pingpong's clients, and rr needs no plugin at all).
#pragma once

#include <toml++/toml.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "config/plugin_lookup.h"
#include "config/plugin_section.h"
#include "config/toml_access.h"
#include "config/workload_schema.h"
#include "model/external_server.h"

namespace rb::config {

struct ServerSection {
  std::map<std::string, ExternalServer> servers;  // by label, the run-wide one included
  // [run] target or server_command: its label (the address, or the program's file name) and
  // where it was given; nullopt when the cells name their servers.
  std::optional<NamedAt> run_wide;
};

// Reads [servers] and [run] target / server_command. A command must be a non-empty list of
// strings holding {port}; its placeholders are {port}, {host} and the axes the workload's
// server reads (workload/registry.h: server_params); a target is a numeric IPv4 address
// and a port. A server's name must not be a plugin's (catalog may be null: not checked).
ServerSection read_servers(const TomlReader& reader, const toml::table& root,
                           const WorkloadSchema& schema, const PluginLookup* catalog);

// The catalog as the pairing and plugin checks see it: every server label is a known name
// that offers the workload's server (`offered_as`: "rr", or "pingpong_server") and nothing
// else, and declares no options.
class ServerAwareLookup : public PluginLookup {
 public:
  ServerAwareLookup(const PluginLookup& plugins, const ServerSection& servers,
                    std::string offered_as);
  bool has_plugin(std::string_view name) const override;
  bool supports(std::string_view plugin, std::string_view workload) const override;
  std::vector<std::string> plugin_names() const override;
  PluginFile probe_file(const std::filesystem::path& file) const override;
  std::vector<rb::DeclaredOption> declared_options(std::string_view plugin) const override;

 private:
  bool is_server(std::string_view name) const;

  const PluginLookup& plugins_;
  std::set<std::string, std::less<>> servers_;
  std::string offered_as_;
};

}  // namespace rb::config
