#include "report/run_context.h"
#include "model/build_info.h"

#include <sys/resource.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <array>
#include <ctime>
#include <fstream>
#include <optional>
#include <random>
#include <vector>

#include <fmt/format.h>

#include "proc/load_average.h"

namespace rb::report {

namespace {

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

std::string first_line_of(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return trim(line);
}

}  // namespace

std::string host_name() {
  std::array<char, 256> name{};
  if (::gethostname(name.data(), name.size() - 1) != 0) return "";
  return name.data();
}

std::string kernel() {
  struct utsname info {};
  if (::uname(&info) != 0) return "";
  return fmt::format("{} {}", info.release, info.version);
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) != 0) continue;
    const auto colon = line.find(':');
    if (colon != std::string::npos) return trim(line.substr(colon + 1));
  }
  return "";
}

std::string iso8601_utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  ::gmtime_r(&now, &utc);
  std::array<char, 32> text{};
  std::strftime(text.data(), text.size(), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text.data();
}

std::string new_run_id() {
  std::random_device entropy;  // getrandom(2): two runs started together still differ
  std::string id;
  for (int i = 0; i < 4; ++i) id += fmt::format("{:08x}", entropy());
  return id;
}

RunContext collect_run_context() {
  RunContext c;
  c.host = host_name();
  c.kernel = kernel();
  c.cpu_model = cpu_model();
  c.cores = static_cast<int>(::sysconf(_SC_NPROCESSORS_ONLN));
  c.governor = first_line_of("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  c.load_average = proc::load_average_text();
  c.compiler = model::compiler_description();
  c.build_type = model::build_type();
  c.git_revision = model::git_revision();
  rlimit nofile{};
  if (::getrlimit(RLIMIT_NOFILE, &nofile) == 0) {
    // -1 stands for unlimited, which a long cannot otherwise say.
    const auto as_long = [](rlim_t v) { return v == RLIM_INFINITY ? -1L : static_cast<long>(v); };
    c.nofile_soft = as_long(nofile.rlim_cur);
    c.nofile_hard = as_long(nofile.rlim_max);
  }
  c.run_id = new_run_id();
  c.started_at = iso8601_utc_now();
  c.runner_version = model::runner_version();
  return c;
}

}  // namespace rb::report
