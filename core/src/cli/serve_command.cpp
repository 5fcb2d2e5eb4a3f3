#include "cli/serve_command.h"
#include "cli/number_checks.h"
#include "cli/shared_options.h"

#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <unistd.h>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <algorithm>
#include <atomic>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <system_error>

#include "cli/exit_codes.h"
#include "cli/interrupt.h"
#include "cli/plugin_resolver.h"
#include "config/set_override.h"
#include "exec/cell_child.h"
#include "exec/cell_job.h"
#include "exec/child_outcome.h"
#include "model/external_server.h"
#include "plugin/search_dirs.h"
#include "proc/private_dir.h"
#include "proc/process_limits.h"
#include "text/printable.h"
#include "workload/loopback_listener.h"
#include "workload/registry.h"

namespace rb::cli {
namespace {

constexpr int kReportFd = 3;
constexpr int kListenFd = 4;
constexpr std::chrono::milliseconds kStopGrace{5000};

Endpoint parse_listen(const std::string& text) {
  std::string why;
  const std::optional<Endpoint> endpoint = parse_endpoint(text, true, why);
  if (!endpoint) throw std::invalid_argument(fmt::format("--listen '{}': {}", text, why));
  return *endpoint;
}

std::vector<std::pair<std::string, std::string>> parse_key_values(
    const std::vector<std::string>& raw) {
  std::vector<std::pair<std::string, std::string>> options;
  for (const auto& item : raw) {
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw std::invalid_argument(fmt::format("--option '{}': expected KEY=VALUE", item));
    options.emplace_back(item.substr(0, eq), item.substr(eq + 1));
  }
  return options;
}

// The CPUs this process may run on (its affinity mask), ascending.
std::vector<int> allowed_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::vector<int> out;
  if (::sched_getaffinity(0, sizeof(set), &set) != 0) return out;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) out.push_back(cpu);
  return out;
}

// One part of --cpus: "3" or "0-2".
void add_cpu_part(const std::string& part, const std::string& whole, std::vector<int>& cpus) {
  const auto bad = [&](const std::string& why) {
    return std::invalid_argument(fmt::format("--cpus '{}': {}", text::printable(whole), why));
  };
  const std::size_t dash = part.find('-');
  const auto number = [&](const std::string& text) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos ||
        text.size() > 4)
      throw bad(fmt::format("'{}' is not a CPU number: give CPUs as 2, 2,3 or 0-1",
                            text::printable(text)));
    return std::stoi(text);
  };
  const int first = number(part.substr(0, dash));
  const int last = dash == std::string::npos ? first : number(part.substr(dash + 1));
  if (last < first) throw bad(fmt::format("the range {} runs backwards", part));
  for (int cpu = first; cpu <= last; ++cpu) cpus.push_back(cpu);
}

// --cpus "2,3" or "0-1": each CPU one this process may run on.
std::vector<int> parse_serve_cpus(const std::string& text) {
  std::vector<int> cpus;
  if (text.empty()) return cpus;
  std::size_t start = 0;
  for (std::size_t comma = text.find(','); start <= text.size(); comma = text.find(',', start)) {
    add_cpu_part(text.substr(start, comma - start), text, cpus);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  const std::vector<int> allowed = allowed_cpus();
  for (const int cpu : cpus)
    if (std::find(allowed.begin(), allowed.end(), cpu) == allowed.end())
      throw std::invalid_argument(
          fmt::format("--cpus '{}': CPU {} is not one this process may run on (it may use {})",
                      text::printable(text), cpu, fmt::join(allowed, ",")));
  return cpus;
}

// "pinned to CPU 2" / "not pinned (--cpus pins it, as a run pins its cells)".
std::string pinning_label(const std::vector<int>& cpus) {
  if (cpus.empty()) return "not pinned: --cpus N pins it as a run's cells are pinned";
  return fmt::format("pinned to CPU{} {}", cpus.size() > 1 ? "s" : "", fmt::join(cpus, ","));
}

exec::CellJob server_job(const ServeArgs& args, const workload::WorkloadEntry& entry,
                         const plugin::PluginInfo& info, std::vector<Param> params) {
  exec::CellJob job;
  job.cpus = parse_serve_cpus(args.cpus);
  job.cell.workload = entry.name;
  job.cell.plugin = info.name;
  job.cell.params = std::move(params);
  job.plugin_path = info.path;
  job.options = parse_key_values(args.options);
  job.nofile_needed = proc::nofile_hard_limit();
  job.role = "server";
  job.report_fd = kReportFd;
  job.listen_fd = kListenFd;
  return job;
}

bool is_server_axis(const workload::WorkloadEntry& entry, const std::string& name) {
  return std::any_of(entry.server_params.begin(), entry.server_params.end(),
                     [&](const Param& param) { return param.name == name; });
}

std::string server_axis_names(const workload::WorkloadEntry& entry) {
  std::string names;
  for (const auto& param : entry.server_params) names += (names.empty() ? "" : ", ") + param.name;
  return names;
}

// --set AXIS=VALUE (and --threads, --body-size): one value each, for an axis the server reads,
// checked against the workload's schema as a config's would be.
std::vector<Param> given_params(const ServeArgs& args, const workload::WorkloadEntry& entry) {
  std::vector<Param> given;
  for (std::size_t i = 0; i < args.set.size(); ++i) {
    config::Axis axis = config::parse_set(args.set[i], static_cast<int>(i) + 1, entry.schema);
    if (!is_server_axis(entry, axis.name))
      throw config::ConfigError({"--set", static_cast<int>(i) + 1, 1},
                                fmt::format("the {} server does not read axis '{}' (it reads {})",
                                            entry.name, axis.name, server_axis_names(entry)));
    if (axis.values.size() != 1)
      throw config::ConfigError({"--set", static_cast<int>(i) + 1, 1},
                                fmt::format("serve takes one value of '{}'", axis.name));
    std::erase_if(given, [&](const Param& param) { return param.name == axis.name; });
    given.push_back({axis.name, axis.values.front()});
  }
  return given;
}

// "threads=1 block_size=16384": what the server was given.
std::string server_params_label(const workload::WorkloadEntry& entry,
                                const std::vector<Param>& params) {
  std::string label;
  for (const auto& param : params)
    if (is_server_axis(entry, param.name))
      label +=
          fmt::format("{}{}={}", label.empty() ? "" : " ", param.name, rb::to_string(param.value));
  return label;
}

std::string address_of(const workload::WorkloadEntry& entry, const std::string& host, int port) {
  if (entry.url_scheme.empty()) return fmt::format("{}:{}", host, port);
  return fmt::format("{}://{}:{}/", entry.url_scheme, host, port);
}

void print_counters(const std::map<std::string, std::uint64_t>& counters) {
  for (const auto& [name, value] : counters)
    std::cout << fmt::format("  {:<20} {}\n", text::printable(name), value);
}

// "pingpong, rr": the workloads whose server real clients can reach.
std::string servable_names() {
  return fmt::format("{}", fmt::join(servable_workloads(), ", "));
}

}  // namespace

std::vector<std::string> servable_workloads() {
  std::vector<std::string> names;
  for (const auto& entry : workload::registry())
    if (entry.servable()) names.push_back(entry.name);
  return names;
}

namespace {

// Runs until the server ends: asks it to stop on Ctrl-C (or SIGHUP), prints `banner` once it
// is ready. Whether it was asked to stop (anything else is the server's own end).
bool watch_server(exec::CellChild& child, exec::ChildLedger& ledger,
                  const std::atomic<bool>& interrupted, const std::string& banner) {
  bool announced = false;
  bool asked_to_stop = false;
  const auto stop = [&](const char* why) {
    std::cerr << why;
    child.terminate(kStopGrace);
    asked_to_stop = true;
  };
  while (child.report_fd() >= 0) {
    if (interrupted.load() && !asked_to_stop) stop("stopping the server...\n");
    pollfd pfd{child.report_fd(), POLLIN, 0};
    ::poll(&pfd, 1, 200);
    child.read_reports([&](exec::ChildMessage&& message) { ledger.record(std::move(message)); });
    if (ledger.ready && !announced) {
      announced = true;
      std::cout << banner << std::endl;
      // Nobody can learn the address: serving on would only leave a server to kill.
      if (!std::cout && !asked_to_stop) stop("standard output is closed: stopping the server...\n");
    }
    child.try_reap();
  }
  return asked_to_stop;
}

// The server's counters, and its end judged: exit 0 only when it stopped because asked to.
int server_ended(exec::CellChild& child, const exec::ChildLedger& ledger, bool asked_to_stop,
                 const std::string& plugin, proc::PrivateDir& log_dir) {
  const std::filesystem::path log = log_dir.path() / "server.log";
  proc::reap_all({&child});
  const exec::ChildEnd end = exec::classify_exit(child, ledger, log);
  if (!ledger.final_counters.empty()) {
    std::cout << "server counters:\n";
    print_counters(ledger.final_counters);
  }
  if (end.status == CellStatus::ok && asked_to_stop) return kExitOk;
  std::cerr << fmt::format("error: the {} server {}: {} (log: {})\n", plugin,
                           asked_to_stop ? "failed" : "ended before it was asked to stop",
                           end.reason.empty() ? "no reason given" : text::printable(end.reason),
                           log.string());
  log_dir.keep();
  return kExitCellsFailed;
}

// The workload serve can run and the server's parameters; nullopt after saying why not.
std::optional<std::vector<Param>> served_params(const ServeArgs& args,
                                                const workload::WorkloadEntry* entry) {
  if (entry == nullptr || !entry->servable()) {
    std::cerr << fmt::format("error: serve runs the {} workloads only (got '{}')\n",
                             servable_names(), args.workload);
    return std::nullopt;
  }
  try {
    return workload::server_cell_params(*entry, given_params(args, *entry));
  } catch (const config::ConfigError& error) {
    std::cerr << "error: " << text::printable(error.what()) << '\n';
    return std::nullopt;
  }
}

}  // namespace

int serve_command(const ServeArgs& args) {
  const workload::WorkloadEntry* entry = workload::find_entry(args.workload);
  const auto params = served_params(args, entry);
  if (!params) return kExitUsage;
  // A closed terminal (SIGHUP) stops the server as Ctrl-C does, and a closed stdout is an
  // error of the write (not a SIGPIPE that kills the runner): either way the server is
  // stopped and the private directory removed (issue 31: both left it in /tmp).
  const auto& interrupted = install_interrupt_flag(true);
  ::signal(SIGPIPE, SIG_IGN);
  const Endpoint endpoint = parse_listen(args.listen);
  const PluginResolver resolver(args.plugin_path, plugin::current_executable(),
                                args.allow_unsafe_plugins);
  const plugin::PluginInfo info = resolver.resolve(args.plugin);
  if (!info.supports(entry->name)) {
    std::cerr << fmt::format("error: plugin '{}' ({}) does not offer the {} server\n", info.name,
                             text::printable(info.path.string()), entry->name);
    return kExitUsage;
  }
  exec::CellJob job = server_job(args, *entry, info, *params);
  workload::LoopbackListener listener(endpoint.host, static_cast<std::uint16_t>(endpoint.port));
  const std::string banner = fmt::format(
      "serving {} with {} {} ({} {}) on {} — {}, {}; Ctrl-C to stop", entry->name,
      text::printable(info.name), text::printable(info.version), text::printable(info.library),
      text::printable(info.library_version), address_of(*entry, endpoint.host, listener.port()),
      server_params_label(*entry, *params), pinning_label(job.cpus));
  // The server's output, in a directory of our own: no other user can plant a link there.
  proc::PrivateDir log_dir("reactorbench-serve");
  exec::ChildLedger ledger;
  const auto child = std::make_unique<exec::CellChild>(
      resolver.runner_exe(), job, log_dir.path() / "server.log", kReportFd,
      std::vector<exec::CellChild::InheritedFd>{{listener.fd(), kListenFd}});
  listener.close();  // the server holds the only copy now
  const bool asked_to_stop = watch_server(*child, ledger, interrupted, banner);
  return server_ended(*child, ledger, asked_to_stop, info.name, log_dir);
}

namespace {

// --threads N and --body-size N: spellings of --set threads=N and --set body_size=N.
void add_axis_shortcut(CLI::App& cmd, std::vector<std::string>& set, const std::string& option,
                       const std::string& axis, const std::string& help) {
  cmd.add_option_function<std::int64_t>(
         option, [&set, axis](std::int64_t n) { set.push_back(fmt::format("{}={}", axis, n)); },
         help)
      ->check(whole_number());
}

}  // namespace

CLI::App* ServeCommand::add_to(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "serve",
      "Run one plugin's server (rr, pingpong) in the foreground until Ctrl-C, for real clients");
  cmd->add_option("--plugin", args_.plugin, "plugin name or path to a .so")->required();
  cmd->add_option("--workload", args_.workload, "the workload to serve")
      ->required()
      ->check(CLI::IsMember(servable_workloads()));
  cmd->add_option("--listen", args_.listen, "IPV4:PORT to bind (default 127.0.0.1:8080)");
  cmd->add_option("--set", args_.set,
                  "AXIS=VALUE for an axis the server reads, e.g. block_size=4096 (repeatable)");
  add_axis_shortcut(*cmd, args_.set, "--threads", "threads",
                    "event-loop threads (default 1): --set threads=N");
  add_axis_shortcut(*cmd, args_.set, "--body-size", "body_size",
                    "rr: bytes of body per response (default 2): --set body_size=N");
  cmd->add_option("--cpus", args_.cpus,
                  "pin the server to these CPUs, as a run pins a cell's server: 2, 2,3 or 0-1 "
                  "(default: not pinned; a client on the same CPUs slows it)");
  cmd->add_option("--option", args_.options, "KEY=VALUE for the plugin (repeatable)");
  add_plugin_search_options(*cmd, args_.plugin_path, args_.allow_unsafe_plugins);
  return cmd;
}

}  // namespace rb::cli
