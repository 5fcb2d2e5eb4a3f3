#include "exec/pair_process.h"

#include <poll.h>

#include <fmt/format.h>
#include <algorithm>
#include <cerrno>
#include <memory>
#include <optional>
#include <system_error>
#include <thread>
#include <utility>

#include "exec/cell_child.h"
#include "exec/child_outcome.h"
#include "exec/server_program.h"
#include "model/external_server.h"
#include "proc/kernel_counters.h"
#include "proc/pid_usage.h"
#include "workload/loopback_listener.h"
#include "workload/workload.h"

namespace rb::exec {
namespace {

using Clock = std::chrono::steady_clock;

// Where each child finds what the parent passed it; 3 is the first fd after stdio.
constexpr int kReportFd = 3;
constexpr int kListenFd = 4;
constexpr int kPollSliceMs = 200;
constexpr std::chrono::milliseconds kReadyProbeInterval{10};

Rusage sum(const Rusage& a, const Rusage& b) {
  Rusage r;
  r.user_s = a.user_s + b.user_s;
  r.sys_s = a.sys_s + b.sys_s;
  r.max_rss_kib = std::max(a.max_rss_kib, b.max_rss_kib);
  r.voluntary_cs = a.voluntary_cs + b.voluntary_cs;
  r.involuntary_cs = a.involuntary_cs + b.involuntary_cs;
  return r;
}

class PairRound {
 public:
  PairRound(CellJob server_job, CellJob client_job, const PairProcessOptions& options,
            const workload::Workload& workload, const std::function<void(const Sample&)>& on_sample)
      : server_job_(std::move(server_job)),
        client_job_(std::move(client_job)),
        options_(options),
        workload_(workload),
        on_sample_(on_sample),
        deadline_(Clock::now() + options.timeout) {
    server_job_.role = "server";
    server_job_.report_fd = kReportFd;
    server_job_.listen_fd = kListenFd;
    client_job_.role = "client";
    client_job_.report_fd = kReportFd;
    client_job_.connect_host = options.server_address.host;
    server_job_.launched = options.server_launcher.has_value();
    client_job_.launched = options.client_launcher.has_value();
    server_job_.stop_grace_ms = client_job_.stop_grace_ms = options.kill_grace.count();
  }

  CellProcessResult run() {
    start_server();
    // Until the server ends on its own, the client finishes, or the parent stops both.
    while (!stop_if_due()) {
      if (program_ && !client_) {
        if (!wait_for_program()) break;
        continue;
      }
      pump();
      if (server_ ? server_->report_fd() < 0 : program_ && program_->try_reap()) {
        server_ended_first_ = true;
        break;
      }
      if (client_ && client_->report_fd() < 0) break;
    }
    if (!stopped_ && !server_ended_first_) stop_server_after_client();
    proc::ChildProcess* server = server_process();
    if (server != nullptr && !server->reaped()) server->terminate(options_.kill_grace);
    if (client_ && !client_->reaped()) client_->terminate(options_.kill_grace);
    std::vector<proc::ChildProcess*> children;
    if (server != nullptr) children.push_back(server);
    if (client_) children.push_back(client_.get());
    proc::reap_all(children);
    return result();
  }

 private:
  // A plugin's server on a socket bound here, a program on a port picked here, or nothing
  // (a target someone else runs: the client starts at once).
  void start_server() {
    const auto& external = server_job_.cell.external_server;
    if (external && !external->is_command()) {
      std::string why;
      const Endpoint target = parse_endpoint(external->target, false, why).value();
      client_job_.connect_host = target.host;
      client_job_.connect_port = target.port;
      start_client();
      return;
    }
    const Endpoint& address = options_.server_address;
    if (!external && options_.server_launcher) {
      // Its port arrives in its "listening" message, before its "ready".
      server_job_.listen_fd = -1;
      server_job_.bind_address = fmt::format("{}:{}", address.host, address.port);
      server_ =
          std::make_unique<CellChild>(*options_.server_launcher, server_job_, options_.server_log);
      return;
    }
    workload::LoopbackListener listener(address.host, static_cast<std::uint16_t>(address.port));
    client_job_.connect_port = listener.port();
    if (external) {
      listener.close();  // the program binds the port itself
      program_ = std::make_unique<ServerProgram>(server_job_.cell, address.host, listener.port(),
                                                 server_job_.cpus, options_.server_log);
      // Bounded by the round's deadline too, so a short [run] timeout gives up sooner.
      const auto now = Clock::now();
      ready_wait_ =
          std::min(options_.server_ready_wait,
                   std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - now));
      ready_deadline_ = now + ready_wait_;
      return;
    }
    server_ = std::make_unique<CellChild>(
        options_.runner_exe, server_job_, options_.server_log, kReportFd,
        std::vector<CellChild::InheritedFd>{{listener.fd(), kListenFd}});
  }  // the parent's copy of the socket closes here: the server holds the only one

  // The server's process, if the runner started one.
  proc::ChildProcess* server_process() const {
    if (server_) return server_.get();
    return program_.get();
  }

  // ... and if its /proc is this host's to read (not behind a launcher).
  const proc::ChildProcess* measured_server() const {
    return options_.server_launcher && server_ ? nullptr : server_process();
  }

  void start_client() {
    if (const proc::ChildProcess* server = measured_server()) {
      // Every thread it has once it serves, and those they start: a plugin's server and a
      // program alike, counted from here as its CPU time is.
      if (client_job_.kernel_counts)
        server_counts_.emplace(proc::KernelCounters::of_process(server->pid()));
      server_cpu_ = proc::process_cpu_times(server->pid());
      if (program_) server_baseline_rss_kib_ = proc::process_rss_kib(program_->pid());
    }
    if (options_.client_launcher)
      client_ =
          std::make_unique<CellChild>(*options_.client_launcher, client_job_, options_.client_log);
    else
      client_ = std::make_unique<CellChild>(options_.runner_exe, client_job_, options_.client_log,
                                            kReportFd);
  }

  // "server", or "server on `ip netns exec b`": where a failure happened.
  std::string side(const char* role, const CellChild* child) const {
    if (child == nullptr || child->launcher_text().empty()) return role;
    return fmt::format("{} on `{}`", role, child->launcher_text());
  }

  // One look at a program that is not serving yet: starts the client once its port accepts.
  // False when the program has ended. (Its time to accept is stop_if_due's.)
  bool wait_for_program() {
    if (program_->try_reap()) {
      server_ended_first_ = true;
      return false;
    }
    if (program_->accepts())
      start_client();
    else
      std::this_thread::sleep_for(kReadyProbeInterval);
    return true;
  }

  bool interrupted() const {
    return options_.interrupted != nullptr && options_.interrupted->load();
  }

  // Stops both children at Ctrl-C or the deadline; true once stopped.
  bool stop_if_due() {
    if (stopped_) return true;
    if (interrupted()) {
      stopped_ = ChildEnd{CellStatus::interrupted, "interrupted by the user"};
    } else if (program_ && !client_ && Clock::now() >= ready_deadline_) {
      // Also when the round's deadline bounds the wait: the program is what is wrong.
      stopped_ = ChildEnd{
          CellStatus::failed,
          fmt::format("server: `{}` did not accept connections on {}:{} within {} ms of its start",
                      program_->command_text(), client_job_.connect_host, client_job_.connect_port,
                      ready_wait_.count())};
    } else if (Clock::now() >= deadline_) {
      const char* phase = !client_                    ? "the server had not reported ready"
                          : client_->report_fd() >= 0 ? "the client was still running"
                                                      : "the server did not stop";
      stopped_ = ChildEnd{CellStatus::timeout,
                          fmt::format("{} ({})", timeout_reason(options_.timeout), phase)};
    } else {
      return false;
    }
    if (proc::ChildProcess* server = server_process()) server->terminate(options_.kill_grace);
    if (client_) client_->terminate(options_.kill_grace);
    return true;
  }

  // Waits up to one poll slice for reports from the children still talking, handles them.
  void pump() {
    std::vector<pollfd> fds;
    if (server_ && server_->report_fd() >= 0) fds.push_back({server_->report_fd(), POLLIN, 0});
    if (client_ && client_->report_fd() >= 0) fds.push_back({client_->report_fd(), POLLIN, 0});
    if (fds.empty()) return;
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now()).count();
    const int rc =
        ::poll(fds.data(), fds.size(), static_cast<int>(std::clamp<long>(left, 0, kPollSliceMs)));
    if (rc < 0 && errno != EINTR) throw std::system_error(errno, std::generic_category(), "poll");
    if (rc <= 0) return;
    if (server_)
      server_->read_reports([this](ChildMessage&& m) { on_server_message(std::move(m)); });
    if (client_)
      client_->read_reports([this](ChildMessage&& m) { on_client_message(std::move(m)); });
  }

  void on_server_message(ChildMessage&& message) {
    const bool ready = message.type == ChildMessage::Type::ready;
    if (message.type == ChildMessage::Type::listening) client_job_.connect_port = message.port;
    server_ledger_.record(std::move(message));
    if (!ready || client_) return;
    const auto& facts = *server_ledger_.ready;
    // Absent when the server could not read its own RSS.
    if (const auto it = facts.find("baseline_rss_kib"); it != facts.end())
      server_baseline_rss_kib_ = static_cast<long>(it->second);
    start_client();
  }

  void on_client_message(ChildMessage&& message) {
    const proc::ChildProcess* server = measured_server();
    if (message.type == ChildMessage::Type::sample && server == nullptr) {
      // A target's server is on its own, a launched one on another host: nothing of it is
      // measured here.
      on_sample_(*message.sample);
    } else if (message.type == ChildMessage::Type::sample) {
      // The server worked on exactly this run since the previous sample (it idles between).
      const proc::ProcessCpu cpu_before =
          std::exchange(server_cpu_, proc::process_cpu_times(server->pid()));
      workload::ServerUsage usage;
      usage.cpu_s = -1;
      if (server_cpu_.known() && cpu_before.known()) {
        // The same window's split, in clock ticks; server_cpu_s is the exact total when the
        // CPU-time clock could be read, their sum otherwise.
        const double user_s = server_cpu_.user_s - cpu_before.user_s;
        const double sys_s = server_cpu_.sys_s - cpu_before.sys_s;
        const bool exact = server_cpu_.exact_s >= 0 && cpu_before.exact_s >= 0;
        usage.cpu_s = exact ? server_cpu_.exact_s - cpu_before.exact_s : user_s + sys_s;
        message.sample->metrics["server_user_s"] = user_s;
        message.sample->metrics["server_sys_s"] = sys_s;
      }
      // Its kernel counts over the same window: the parent learns of an iteration only when
      // its sample arrives, so the server's window is sample to sample, not the client's
      // measured phase (its set-up, e.g. accepting pingpong's connections, counts too).
      if (server_counts_)
        for (const auto& [key, value] : server_counts_->since_last())
          message.sample->counters["server." + key] = value;
      usage.peak_rss_kib = proc::process_peak_rss_kib(server->pid());
      usage.baseline_rss_kib = server_baseline_rss_kib_;
      workload_.add_server_usage(client_job_.cell, usage, *message.sample);
      on_sample_(*message.sample);
    }
    client_ledger_.record(std::move(message));
  }

  // The client closed its report pipe (it is exiting): reap it, then ask the server to
  // stop and collect its last words, SIGKILL after the grace if it does not.
  void stop_server_after_client() {
    while (!client_->try_reap())
      if (stop_if_due())
        return;
      else
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (program_) {
      program_->terminate(options_.kill_grace);
      while (!program_->try_reap() && !stop_if_due())
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      return;
    }
    if (!server_) return;
    server_->terminate(options_.kill_grace);
    while (server_->report_fd() >= 0 && !stop_if_due()) {
      pump();
      server_->try_reap();
    }
  }

  CellProcessResult result() {
    CellProcessResult out;
    const ChildEnd end = classify();  // before the samples move out: it checks them
    out.status = end.status;
    out.reason = end.reason;
    out.samples = std::move(client_ledger_.samples);
    // A launched side's is its launcher's wait4 view: the side's own when the launcher
    // execs it (ip netns exec), the launcher's when the side runs elsewhere (ssh); the
    // interference check needs exactly what ran on this host.
    if (const proc::ChildProcess* server = server_process()) {
      out.rusage_by_role["server"] = rusage_of(*server);
      out.rusage = rusage_of(*server);
    }
    if (client_) {
      out.rusage_by_role["client"] = client_->rusage();
      out.rusage = sum(out.rusage, client_->rusage());
    }
    if (server_ledger_.provenance) out.provenance_by_role["server"] = *server_ledger_.provenance;
    if (client_ledger_.provenance) out.provenance_by_role["client"] = *client_ledger_.provenance;
    out.provenance =
        server_ledger_.provenance ? server_ledger_.provenance : client_ledger_.provenance;
    out.canary = server_ledger_.canary;  // the server runs the round's canary (cell_worker)
    if (!server_ledger_.final_counters.empty())
      out.counters_by_role["server"] = server_ledger_.final_counters;
    return out;
  }

  ChildEnd classify() const {
    if (stopped_) return with_stream_notes(*stopped_);
    if (!server_) return classify_without_plugin_server();
    const ChildEnd server = classify_exit(*server_, server_ledger_, options_.server_log);
    const std::optional<ChildEnd> client =
        client_ ? std::optional(classify_exit(*client_, client_ledger_, options_.client_log))
                : std::nullopt;
    const std::string server_side = side("server", server_.get());
    const std::string client_side = side("client", client_.get());
    if (server_ended_first_) {
      ChildEnd end{
          server.status == CellStatus::ok ? CellStatus::failed : server.status,
          server_side + ": " +
              (server.status == CellStatus::ok ? std::string("exited before it was asked to stop")
                                               : server.reason)};
      if (client && client->status != CellStatus::ok)
        end.reason += "; then the " + client_side + ": " + client->reason;
      return end;
    }
    if (client->status != CellStatus::ok) {
      ChildEnd end{client->status, client_side + ": " + client->reason};
      if (server.status != CellStatus::ok && !server_->killed())
        end.reason += "; " + server_side + ": " + server.reason;
      return end;
    }
    if (server_->killed())
      return {CellStatus::timeout,
              fmt::format("{}: did not stop within {} ms of being asked ({}); killed", server_side,
                          options_.kill_grace.count(),
                          options_.server_launcher ? "its stdin closed" : "SIGTERM")};
    if (server.status != CellStatus::ok) return {server.status, server_side + ": " + server.reason};
    if (auto why = workload_.check_server(client_job_.cell, server_ledger_.final_counters,
                                          client_ledger_.samples))
      return {CellStatus::failed, "server counters: " + *why};
    return {CellStatus::ok, ""};
  }

  // A stop the parent imposed, with what was wrong with either side's report stream (a
  // launcher that printed only noise until the deadline).
  ChildEnd with_stream_notes(ChildEnd end) const {
    const std::pair<const char*, const CellChild*> sides[] = {{"server", server_.get()},
                                                              {"client", client_.get()}};
    for (const auto& [role, child] : sides)
      if (child != nullptr)
        if (const std::string note = child->stream_note(); !note.empty())
          end.reason += fmt::format("; {}: {}", side(role, child), note);
    return end;
  }

  // A program's or a target's round: the client's verdict, unless the program ended first.
  // The runner does not know a program's counters, so there are none to check.
  ChildEnd classify_without_plugin_server() const {
    const std::optional<ChildEnd> client =
        client_ ? std::optional(classify_exit(*client_, client_ledger_, options_.client_log))
                : std::nullopt;
    if (server_ended_first_) {
      ChildEnd end{CellStatus::failed,
                   "server: " + program_->early_end_reason(options_.server_log)};
      if (client && client->status != CellStatus::ok)
        end.reason += "; then the " + side("client", client_.get()) + ": " + client->reason;
      return end;
    }
    if (client->status != CellStatus::ok)
      return {client->status, side("client", client_.get()) + ": " + client->reason};
    return {CellStatus::ok, ""};
  }

  CellJob server_job_;
  CellJob client_job_;
  const PairProcessOptions& options_;
  const workload::Workload& workload_;
  const std::function<void(const Sample&)>& on_sample_;
  const Clock::time_point deadline_;

  std::unique_ptr<CellChild> server_;       // a plugin's server
  std::unique_ptr<ServerProgram> program_;  // or a program's (CellSpec::external_server)
  std::chrono::milliseconds ready_wait_{};  // how long the program may take to accept
  Clock::time_point ready_deadline_{};      // and by when
  std::unique_ptr<CellChild> client_;
  ChildLedger server_ledger_;
  ChildLedger client_ledger_;
  std::optional<ChildEnd> stopped_;
  bool server_ended_first_ = false;
  long server_baseline_rss_kib_ = -1;  // unknown until the server reports it
  proc::ProcessCpu server_cpu_;
  std::optional<proc::KernelCounters> server_counts_;
};

}  // namespace

CellProcessResult run_pair_process(CellJob server_job, CellJob client_job,
                                   const PairProcessOptions& options,
                                   const workload::Workload& workload,
                                   const std::function<void(const Sample&)>& on_sample) {
  PairRound round(std::move(server_job), std::move(client_job), options, workload, on_sample);
  return round.run();
}

}  // namespace rb::exec
