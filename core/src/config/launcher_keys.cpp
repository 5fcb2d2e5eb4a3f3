#include "config/launcher_keys.h"

#include "model/external_server.h"
#include "workload/registry.h"
#include "workload/workload.h"

namespace rb::config {
namespace {

constexpr const char* kLauncherKeys[] = {"server_launcher", "client_launcher", "remote_runner",
                                         "server_address"};

std::vector<std::string> read_launcher(const TomlReader& reader, const toml::node& node,
                                       const std::string& key) {
  std::vector<std::string> prefix;
  for (const auto& element : reader.as_homogeneous_list(node, key)) {
    const std::string& argument = reader.as_string(element, key);
    if (prefix.empty() && argument.empty())
      reader.fail(element, key + ": the program (the first element) is empty");
    prefix.push_back(argument);
  }
  return prefix;
}

Endpoint read_server_address(const TomlReader& reader, const toml::node& node) {
  const std::string& text = reader.as_string(node, "server_address");
  std::string why;
  const auto address = parse_endpoint(text, true, why);
  if (!address) reader.fail(node, "server_address " + in_quotes(text) + ": " + why);
  if (address->host == "0.0.0.0")
    reader.fail(node, "server_address " + in_quotes(text) +
                          ": the client connects to it, so give the server's own address "
                          "(e.g. \"10.0.0.2:0\"), not 0.0.0.0");
  return *address;
}

}  // namespace

void read_launcher_keys(const TomlReader& reader, const toml::table& run, RunSettings& settings) {
  if (const toml::node* node = run.get("server_launcher"))
    settings.server_launcher = read_launcher(reader, *node, "server_launcher");
  if (const toml::node* node = run.get("client_launcher"))
    settings.client_launcher = read_launcher(reader, *node, "client_launcher");
  if (const toml::node* node = run.get("remote_runner")) {
    settings.remote_runner = reader.as_string(*node, "remote_runner");
    if (settings.remote_runner.empty()) reader.fail(*node, "remote_runner is empty");
    if (settings.server_launcher.empty() && settings.client_launcher.empty())
      reader.fail(*node,
                  "remote_runner names the runner behind a launcher, and there is none: add "
                  "server_launcher or client_launcher");
  }
  if (const toml::node* node = run.get("server_address"))
    settings.server_address = read_server_address(reader, *node);
}

void check_launcher_keys(const TomlReader& reader, const toml::node* run,
                         const std::string& workload, const ServerSection& servers) {
  const toml::table* table = run != nullptr ? run->as_table() : nullptr;
  if (table == nullptr) return;
  const workload::Workload* driver = workload::find_workload(workload);
  if (driver != nullptr && driver->layout() != workload::ProcessLayout::server_client)
    for (const char* key : kLauncherKeys)
      if (const toml::node* node = table->get(key))
        reader.fail(*node, std::string(key) + ": workload " + in_quotes(workload) +
                               " runs in one process; the key is for workloads with a server "
                               "and a client process (pingpong, rr)");
  const toml::node* launcher = table->get("server_launcher");
  if (launcher == nullptr || servers.servers.empty()) return;
  const std::string& label =
      servers.run_wide ? servers.run_wide->name : servers.servers.begin()->first;
  reader.fail(*launcher,
              "server_launcher starts the runner's own server there, and the server '" + label +
                  "' is not one of its plugins (a program or target runs where it is given); "
                  "drop one of them");
}

}  // namespace rb::config
