#include "postgres_server.h"

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "store/database.h"

namespace rbtest {
namespace {

struct Owner {
  uid_t uid = 0;
  gid_t gid = 0;
  bool switch_user = false;  // running as root: the server runs as `postgres`
};

// The newest /usr/lib/postgresql/N/bin holding initdb and pg_ctl; RB_TEST_PG_BINDIR wins.
std::optional<std::filesystem::path> find_bindir() {
  if (const char* dir = std::getenv("RB_TEST_PG_BINDIR"); dir != nullptr && *dir != '\0')
    return std::filesystem::path(dir);
  std::optional<std::filesystem::path> best;
  int best_version = -1;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/usr/lib/postgresql", ec)) {
    const auto bin = entry.path() / "bin";
    if (!std::filesystem::exists(bin / "initdb") || !std::filesystem::exists(bin / "pg_ctl"))
      continue;
    const int version = std::atoi(entry.path().filename().c_str());
    if (version > best_version) {
      best_version = version;
      best = bin;
    }
  }
  return best;
}

// Runs argv as `owner`, output to `log`; its exit status (-1: it could not be started).
int run_as(const Owner& owner, const std::vector<std::string>& argv,
           const std::filesystem::path& log) {
  const pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    const int out = open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (out >= 0) {
      dup2(out, 1);
      dup2(out, 2);
    }
    if (owner.switch_user &&
        (setgroups(0, nullptr) != 0 || setgid(owner.gid) != 0 || setuid(owner.uid) != 0))
      _exit(126);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string tail_of(const std::filesystem::path& log) {
  std::stringstream text;
  text << std::ifstream(log).rdbuf();
  std::string all = text.str();
  return all.size() > 600 ? all.substr(all.size() - 600) : all;
}

}  // namespace

PostgresServer::PostgresServer() {
  if (std::string why = start(); !why.empty()) unavailable_ = "PostgreSQL test server: " + why;
}

std::string PostgresServer::start() {
  const auto bindir = find_bindir();
  if (!bindir)
    return "no initdb/pg_ctl under /usr/lib/postgresql/*/bin (install Debian's postgresql "
           "package: scripts/test does; or set RB_TEST_PG_BINDIR)";
  if (!std::filesystem::exists(*bindir / "initdb") || !std::filesystem::exists(*bindir / "pg_ctl"))
    return "no initdb and pg_ctl in " + bindir->string() + " (RB_TEST_PG_BINDIR)";
  Owner owner;
  if (geteuid() == 0) {
    const passwd* user = getpwnam("postgres");
    if (user == nullptr)
      return "running as root, and there is no 'postgres' user to run initdb as (initdb "
             "refuses root)";
    owner = {user->pw_uid, user->pw_gid, true};
  }
  // mkdtemp's template: it replaces the X's. TMPDIR is honoured like every other scratch dir.
  std::string dir_template = (std::filesystem::temp_directory_path() / "rb-pg-XXXXXX").string();
  if (mkdtemp(dir_template.data()) == nullptr)
    return fmt::format("cannot make a temp dir {}: {}", dir_template, std::strerror(errno));
  dir_ = dir_template;
  if (owner.switch_user && chown(dir_.c_str(), owner.uid, owner.gid) != 0)
    return "cannot give " + dir_.string() + " to the postgres user";

  // The guard: its own session (a ctest timeout kills our process group, not it), waiting
  // for the pipe to close - our exit, whatever it was - to stop the server and clean up.
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return "cannot make the guard's pipe";
  const auto log = dir_ / "server.log";
  const std::vector<std::string> stop = {(*bindir / "pg_ctl").string(),
                                         "-D",
                                         (dir_ / "data").string(),
                                         "-m",
                                         "immediate",
                                         "-w",
                                         "stop"};
  guard_ = fork();
  if (guard_ == 0) {
    close(fds[1]);
    setsid();
    char byte;
    while (read(fds[0], &byte, 1) != 0) {
    }
    if (std::filesystem::exists(dir_ / "data" / "postmaster.pid")) run_as(owner, stop, "/dev/null");
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
    _exit(0);
  }
  close(fds[0]);
  guard_pipe_ = fds[1];
  if (guard_ < 0) return "cannot fork the guard";

  if (run_as(owner,
             {(*bindir / "initdb").string(), "-D", (dir_ / "data").string(), "-U", "rb", "-A",
              "trust", "-E", "UTF8", "--no-sync"},
             dir_ / "initdb.log") != 0)
    return "initdb failed: " + tail_of(dir_ / "initdb.log");
  const std::string options =
      fmt::format("-k {} -c listen_addresses='' -c max_connections=60 -F", dir_.string());
  if (run_as(owner,
             {(*bindir / "pg_ctl").string(), "-D", (dir_ / "data").string(), "-l", log.string(),
              "-o", options, "-w", "-t", "60", "start"},
             dir_ / "pg_ctl.log") != 0)
    return "pg_ctl start failed: " + tail_of(log);
  return "";
}

PostgresServer::~PostgresServer() {
  if (guard_pipe_ >= 0) close(guard_pipe_);
  if (guard_ > 0) waitpid(guard_, nullptr, 0);
}

std::string PostgresServer::url(const std::string& database, const std::string& password) const {
  return fmt::format("postgresql://rb{}@/{}?host={}", password.empty() ? "" : ":" + password,
                     database, dir_.string());
}

std::string PostgresServer::create_database() {
  const std::string name = fmt::format("t{}_{}", getpid(), ++databases_);
  rb::store::Database admin(url("postgres"), rb::store::OpenMode::read_write);
  admin.exec("CREATE DATABASE " + name);
  return url(name);
}

std::vector<pid_t> PostgresServer::processes() const {
  std::vector<pid_t> out;
  std::ifstream pid_file(dir_ / "data" / "postmaster.pid");
  pid_t postmaster = 0;
  if (!(pid_file >> postmaster) || postmaster <= 0) return out;
  out.push_back(postmaster);
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    // "pid (comm) state ppid ...": the command may hold spaces and parentheses.
    const auto close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 1));
    std::string state;
    pid_t parent = 0;
    if (rest >> state >> parent && parent == postmaster)
      out.push_back(static_cast<pid_t>(std::stol(entry.path().filename().string())));
  }
  return out;
}

}  // namespace rbtest
