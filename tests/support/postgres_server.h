// A throwaway PostgreSQL server for the tests: Debian's initdb and pg_ctl (postgresql
// package) make a cluster in a fresh temp dir, owned by an unprivileged user when the tests
// run as root (initdb refuses root: the `postgres` user the package creates), listening only
// on a Unix socket in that dir (no TCP), trust authentication. A guard process removes it
// all when this process ends, however it ends (a crash or a ctest timeout included).
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace rbtest {

class PostgresServer {
 public:
  // Starts the server; when it cannot (no binaries, no unprivileged user, initdb or pg_ctl
  // failing), unavailable() says why and nothing else works.
  PostgresServer();
  ~PostgresServer();  // stops the server and removes its directory
  PostgresServer(const PostgresServer&) = delete;
  PostgresServer& operator=(const PostgresServer&) = delete;

  const std::optional<std::string>& unavailable() const { return unavailable_; }
  // postgresql://rb@/DATABASE?host=<socket dir>, with `password` in the user-info when given
  // (trust authentication ignores it: what the masking tests need).
  std::string url(const std::string& database, const std::string& password = "") const;
  // A new empty database; returns its URL.
  std::string create_database();
  // The server's processes (the postmaster and every process it started), for a test that
  // pauses them (SIGSTOP) and must resume them (SIGCONT) whatever happens.
  std::vector<pid_t> processes() const;

 private:
  std::string start();  // "" or why not

  std::filesystem::path dir_;
  std::optional<std::string> unavailable_;
  int guard_pipe_ = -1;  // closing it tells the guard to stop the server and clean up
  pid_t guard_ = -1;
  int databases_ = 0;
};

}  // namespace rbtest
