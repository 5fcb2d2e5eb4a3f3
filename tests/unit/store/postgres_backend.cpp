// unit_store_postgres: the store suites (store_backends.h) against a real PostgreSQL. One
// throwaway server for the whole test binary (a global environment), a fresh database per
// test; when the server cannot start, every test here is skipped with the reason.
#include <gtest/gtest.h>

#include <memory>

#include "../../support/postgres_server.h"
#include "store_backends.h"

namespace rb::testing {

rbtest::PostgresServer* test_server = nullptr;

namespace {

class PostgresEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    server_ = std::make_unique<rbtest::PostgresServer>();
    test_server = server_.get();
  }
  // After every test, failed or not; the server's guard cleans up after a crash too.
  void TearDown() override {
    test_server = nullptr;
    server_.reset();
  }

 private:
  std::unique_ptr<rbtest::PostgresServer> server_;
};

[[maybe_unused]] ::testing::Environment* const kEnvironment =
    ::testing::AddGlobalTestEnvironment(new PostgresEnvironment);

}  // namespace

std::optional<std::string> PostgresBackend::unavailable() {
  if (test_server == nullptr) return "PostgreSQL test server: not started";
  return test_server->unavailable();
}

std::string PostgresBackend::fresh_store(const TempDir&, const std::string&) {
  return test_server->create_database();
}

}  // namespace rb::testing
