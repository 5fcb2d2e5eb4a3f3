#include "exec/lockstep_worker.h"

#include <sys/resource.h>
#include <sys/stat.h>

#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "exec/child_stream.h"
#include "exec/kernel_phase.h"
#include "exec/lockstep_baton.h"
#include "plugin/loader.h"
#include "proc/private_dir.h"
#include "workload/host_services.h"
#include "workload/registry.h"

namespace rb::exec {
namespace {

// The members' writes share one pipe; a line longer than PIPE_BUF could be split by
// another thread's, so each message is sent under this lock.
class MemberStream {
 public:
  MemberStream(int fd, int member, std::mutex& lock) : writer_(fd, member), lock_(lock) {}
  template <typename Send>
  void send(Send&& send) const {
    const std::lock_guard guard(lock_);
    send(writer_);
  }

 private:
  ChildStreamWriter writer_;
  std::mutex& lock_;
};

struct Member {
  const CellJob* job = nullptr;
  std::optional<plugin::LoadedPlugin> plugin;
};

bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
  struct stat sa {};
  struct stat sb {};
  return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

// Where member k loads its plugin from: its own file, or a private copy of it when an earlier
// member loads the same file (an A/A of one build against itself).
std::filesystem::path load_path(const std::vector<const CellJob*>& jobs, std::size_t k,
                                const proc::PrivateDir& copies) {
  const std::filesystem::path& own = jobs[k]->plugin_path;
  for (std::size_t earlier = 0; earlier < k; ++earlier)
    if (same_file(jobs[earlier]->plugin_path, own)) {
      const std::filesystem::path copy =
          copies.path() / fmt::format("member-{}-{}", k, own.filename().string());
      std::filesystem::copy_file(own, copy);
      return copy;
    }
  return own;
}

// What this thread used: the parent's wait4 sees only the whole process, which all the
// members shared.
std::map<std::string, std::uint64_t> thread_usage() {
  struct rusage usage {};
  ::getrusage(RUSAGE_THREAD, &usage);
  auto micros = [](const timeval& t) {
    return static_cast<std::uint64_t>(t.tv_sec) * 1'000'000 + static_cast<std::uint64_t>(t.tv_usec);
  };
  return {{kThreadUserUs, micros(usage.ru_utime)},
          {kThreadSysUs, micros(usage.ru_stime)},
          {kThreadVoluntaryCs, static_cast<std::uint64_t>(usage.ru_nvcsw)},
          {kThreadInvoluntaryCs, static_cast<std::uint64_t>(usage.ru_nivcsw)}};
}

void run_member(const workload::Workload& workload, const Member& member, std::size_t k,
                LockstepBaton& baton, const MemberStream& out) {
  baton.wait_turn(k);
  try {
    const CellJob& job = *member.job;
    workload::CellInputs inputs{job.cell, job.options, job.warmup, job.repetitions, job.round};
    // Opened in the member's own thread: the kernel counts this thread and the threads its
    // plugin starts (inherit), not the other members' (exec/kernel_phase.h).
    std::optional<KernelPhase> kernel_phase;
    if (job.kernel_counts) inputs.phase = &kernel_phase.emplace();
    workload.run(*member.plugin, workload::host_services(), inputs, [&](const Sample& sample) {
      if (kernel_phase) {
        Sample counted = sample;
        kernel_phase->attach(counted);
        out.send([&](const ChildStreamWriter& w) { w.sample(counted); });
      } else {
        out.send([&](const ChildStreamWriter& w) { w.sample(sample); });
      }
      baton.end_turn(k);
      baton.wait_turn(k);
    });
    out.send([](const ChildStreamWriter& w) { w.done(); });
  } catch (const std::exception& e) {
    const std::string reason = e.what();
    out.send([&](const ChildStreamWriter& w) { w.failed(reason); });
  } catch (...) {
    out.send(
        [](const ChildStreamWriter& w) { w.failed("unknown exception in the cell's thread"); });
  }
  const auto usage = thread_usage();
  out.send([&](const ChildStreamWriter& w) { w.counters(usage); });
  baton.leave(k);
}

}  // namespace

void run_lockstep(const CellJob& job, const workload::Workload& workload, int report_fd) {
  std::vector<const CellJob*> jobs = {&job};
  for (const auto& partner : job.lockstep_partners) jobs.push_back(&partner);
  std::mutex stream_lock;
  std::vector<MemberStream> streams;
  for (std::size_t k = 0; k < jobs.size(); ++k)
    streams.emplace_back(report_fd, static_cast<int>(k), stream_lock);

  const proc::PrivateDir copies("reactorbench-lockstep");
  std::vector<Member> members(jobs.size());
  const int iterations = job.warmup + job.repetitions;
  LockstepBaton baton(jobs.size(), lockstep_schedule(jobs.size(), iterations, job.lockstep_seed));
  for (std::size_t k = 0; k < jobs.size(); ++k) {
    members[k].job = jobs[k];
    try {
      members[k].plugin = workload::load_plugin(load_path(jobs, k, copies));
      Provenance provenance = members[k].plugin->provenance;
      provenance.path = jobs[k]->plugin_path.string();  // the file asked for, not the copy
      streams[k].send([&](const ChildStreamWriter& w) { w.loaded(provenance); });
    } catch (const std::exception& e) {
      const std::string reason = e.what();
      streams[k].send([&](const ChildStreamWriter& w) { w.failed(reason); });
      baton.leave(k);
    }
  }
  std::vector<std::thread> threads;
  for (std::size_t k = 0; k < members.size(); ++k)
    if (members[k].plugin)
      threads.emplace_back([&, k] { run_member(workload, members[k], k, baton, streams[k]); });
  for (auto& thread : threads) thread.join();
}

}  // namespace rb::exec
