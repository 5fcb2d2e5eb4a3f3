#include "exec/pair_round.h"

#include <algorithm>
#include <optional>

#include "exec/interference.h"
#include "exec/pair_process.h"
#include "proc/process_limits.h"
#include "workload/workload.h"

namespace rb::exec {
namespace {

// [run] server_cpus / client_cpus, or the defaults: the server on the first CPU this process
// may use, the client on the second; unpinned when there is only one.
std::vector<int> role_cpus(const std::vector<int>& configured, std::size_t default_index) {
  if (!configured.empty()) return configured;
  const std::vector<int> allowed = proc::allowed_cpus();
  if (allowed.size() < 2) return {};
  return {allowed[default_index]};
}

// A role's launcher ([run] server_launcher / client_launcher), if it has one.
std::optional<CellLauncher> launcher_for(const config::TestPlan& plan,
                                         const std::vector<std::string>& prefix,
                                         const std::filesystem::path& runner_exe) {
  if (prefix.empty()) return std::nullopt;
  return CellLauncher{
      prefix,
      plan.run.remote_runner.empty() ? runner_exe : std::filesystem::path(plan.run.remote_runner),
      launcher_uses_shell(prefix)};
}

}  // namespace

void load_setup(CellJob& job, const PluginPaths& plugin_paths, std::string_view role) {
  const PluginSetup& setup = job.cell.setup_for(role);
  job.plugin_path = setup.path.empty() ? plugin_paths.at(job.cell.base_plugin_for(role))
                                       : std::filesystem::path(setup.path);
  job.options = setup.options;
}

std::vector<int> round_cpus(const config::TestPlan& plan, bool paired) {
  if (!paired) return measured_cpus(plan.run.cpus);
  std::vector<int> cpus = role_cpus(plan.run.server_cpus, 0);
  const std::vector<int> client = role_cpus(plan.run.client_cpus, 1);
  if (cpus.empty() || client.empty()) return proc::allowed_cpus();
  cpus.insert(cpus.end(), client.begin(), client.end());
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  return cpus;
}

std::filesystem::path role_log(const std::filesystem::path& log, std::string_view role) {
  return log.parent_path() / (log.stem().string() + "-" + std::string(role) + ".log");
}

CellProcessResult run_pair_round(const config::TestPlan& plan, const PluginPaths& plugin_paths,
                                 const workload::Workload& workload, const CellJob& job,
                                 const CellProcessOptions& process, const SampleSink& on_sample) {
  CellJob server = job;
  if (!job.cell.external_server) load_setup(server, plugin_paths, "server");
  // The default CPUs are this host's; a launched role may be on another.
  server.cpus =
      plan.run.server_launcher.empty() ? role_cpus(plan.run.server_cpus, 0) : plan.run.server_cpus;
  CellJob client = job;
  if (!workload.client_is_host()) load_setup(client, plugin_paths, "client");
  client.cpus =
      plan.run.client_launcher.empty() ? role_cpus(plan.run.client_cpus, 1) : plan.run.client_cpus;

  PairProcessOptions pair;
  pair.runner_exe = process.runner_exe;
  pair.server_log = role_log(process.log_path, "server");
  pair.client_log = role_log(process.log_path, "client");
  pair.timeout = process.timeout;
  pair.kill_grace = process.kill_grace;
  pair.interrupted = process.interrupted;
  pair.server_address = plan.run.server_address;
  pair.server_launcher = launcher_for(plan, plan.run.server_launcher, process.runner_exe);
  pair.client_launcher = launcher_for(plan, plan.run.client_launcher, process.runner_exe);
  return run_pair_process(std::move(server), std::move(client), pair, workload, on_sample);
}

}  // namespace rb::exec
