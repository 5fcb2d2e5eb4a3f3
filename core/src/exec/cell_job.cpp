#include "exec/cell_job.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace rb::exec {

nlohmann::json to_json(const CellJob& job) {
  nlohmann::json params = nlohmann::json::array();
  for (const auto& p : job.cell.params) {
    nlohmann::json value;
    if (const auto* i = std::get_if<std::int64_t>(&p.value))
      value = *i;
    else
      value = std::get<std::string>(p.value);
    params.push_back({{"name", p.name}, {"value", value}});
  }
  nlohmann::json options = nlohmann::json::array();
  for (const auto& [k, v] : job.options) options.push_back({k, v});
  nlohmann::json out = {{"cell",
                         {{"index", job.cell.index},
                          {"workload", job.cell.workload},
                          {"plugin", job.cell.plugin},
                          {"params", params}}},
                        {"plugin_path", job.plugin_path.string()},
                        {"options", options},
                        {"warmup", job.warmup},
                        {"repetitions", job.repetitions},
                        {"round", job.round},
                        {"cpus", job.cpus},
                        {"nofile_needed", job.nofile_needed},
                        {"kernel_counts", job.kernel_counts},
                        {"report_fd", job.report_fd}};
  if (!job.cell.role_plugins.empty()) out["cell"]["roles"] = job.cell.role_plugins;
  if (!job.role.empty())
    out["role"] = {{"name", job.role},
                   {"listen_fd", job.listen_fd},
                   {"connect_host", job.connect_host},
                   {"connect_port", job.connect_port}};
  if (!job.bind_address.empty()) out["role"]["bind_address"] = job.bind_address;
  if (job.launched) out["launched"] = {{"stop_grace_ms", job.stop_grace_ms}};
  if (!job.check.empty()) out["check"] = {{"name", job.check}, {"phase_ms", job.check_phase_ms}};
  if (!job.lockstep_partners.empty()) {
    nlohmann::json partners = nlohmann::json::array();
    for (const auto& partner : job.lockstep_partners) partners.push_back(to_json(partner));
    out["lockstep"] = {{"seed", job.lockstep_seed}, {"partners", std::move(partners)}};
  }
  return out;
}

CellJob cell_job_from_json(const nlohmann::json& j) {
  CellJob job;
  const auto& cell = j.at("cell");
  job.cell.index = cell.at("index").get<std::size_t>();
  job.cell.workload = cell.at("workload").get<std::string>();
  job.cell.plugin = cell.at("plugin").get<std::string>();
  for (const auto& p : cell.at("params")) {
    const auto& value = p.at("value");
    job.cell.params.push_back({p.at("name").get<std::string>(),
                               value.is_number_integer() ? ParamValue{value.get<std::int64_t>()}
                                                         : ParamValue{value.get<std::string>()}});
  }
  job.plugin_path = j.at("plugin_path").get<std::string>();
  for (const auto& kv : j.at("options"))
    job.options.emplace_back(kv.at(0).get<std::string>(), kv.at(1).get<std::string>());
  job.warmup = j.at("warmup").get<int>();
  job.repetitions = j.at("repetitions").get<int>();
  job.round = j.at("round").get<int>();
  job.cpus = j.at("cpus").get<std::vector<int>>();
  job.nofile_needed = j.at("nofile_needed").get<long>();
  job.kernel_counts = j.value("kernel_counts", false);
  job.report_fd = j.at("report_fd").get<int>();
  if (const auto roles = cell.find("roles"); roles != cell.end())
    job.cell.role_plugins = roles->get<std::map<std::string, std::string>>();
  if (const auto role = j.find("role"); role != j.end()) {
    job.role = role->at("name").get<std::string>();
    job.listen_fd = role->at("listen_fd").get<int>();
    job.connect_host = role->at("connect_host").get<std::string>();
    job.connect_port = role->at("connect_port").get<int>();
    job.bind_address = role->value("bind_address", std::string());
  }
  if (const auto launched = j.find("launched"); launched != j.end()) {
    job.launched = true;
    job.stop_grace_ms = launched->at("stop_grace_ms").get<long>();
  }
  if (const auto check = j.find("check"); check != j.end()) {
    job.check = check->at("name").get<std::string>();
    job.check_phase_ms = check->at("phase_ms").get<long>();
  }
  if (const auto lockstep = j.find("lockstep"); lockstep != j.end()) {
    job.lockstep_seed = lockstep->at("seed").get<std::uint64_t>();
    for (const auto& partner : lockstep->at("partners"))
      job.lockstep_partners.push_back(cell_job_from_json(partner));
  }
  return job;
}

std::string job_line(const CellJob& job) {
  return to_json(job).dump() + '\n';
}

proc::OwnedFd job_file(const CellJob& job) {
  const std::string text = to_json(job).dump();
  proc::OwnedFd file(::memfd_create("reactorbench-job", MFD_CLOEXEC));
  if (!file.valid()) throw std::system_error(errno, std::generic_category(), "memfd_create");
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(file.get(), text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw std::system_error(errno, std::generic_category(), "writing the cell's job");
    done += static_cast<std::size_t>(n);
  }
  return file;
}

CellJob read_job_file(int fd) {
  std::string text;
  char chunk[65536];
  for (off_t offset = 0;;) {
    const ssize_t n = ::pread(fd, chunk, sizeof chunk, offset);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw std::system_error(errno, std::generic_category(), "reading the job");
    if (n == 0) break;
    text.append(chunk, static_cast<std::size_t>(n));
    offset += n;
  }
  return cell_job_from_json(nlohmann::json::parse(text));
}

}  // namespace rb::exec
