// The store tests that hold for every backend are written once, as type-parameterized
// suites over a Backend (TYPED_TEST_SUITE_P), each file ending with
// RB_INSTANTIATE_FOR_STORE_BACKEND(Suite): unit_store compiles them for SQLite,
// unit_store_postgres for PostgreSQL (RB_STORE_BACKEND=PostgresBackend; postgres_backend.cpp
// starts one throwaway server per test binary, a fresh database per test). A Backend gives a
// fresh, empty store's location, or the reason it has none (the test is skipped with it).
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "../../support/capability.h"
#include "store_test_support.h"

namespace rb::testing {

struct SqliteBackend {
  static std::optional<std::string> unavailable() { return std::nullopt; }
  static std::string fresh_store(const TempDir& dir, const std::string& name = "h.db") {
    return (dir.path() / name).string();
  }
};

struct PostgresBackend {
  static std::optional<std::string> unavailable();
  static std::string fresh_store(const TempDir& dir, const std::string& name = "h.db");
};

template <typename Backend>
class StoreBackendTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const auto why = Backend::unavailable()) RB_SKIP_WITHOUT("postgresql") << *why;
    store_ = Backend::fresh_store(dir_);
  }
  // The store every test starts with: empty, not even a schema.
  const std::string& store() const { return store_; }
  // Another empty store of the same backend.
  std::string another_store(const std::string& name) { return Backend::fresh_store(dir_, name); }
  const TempDir& dir() const { return dir_; }

 private:
  TempDir dir_;
  std::string store_;
};

}  // namespace rb::testing

#ifndef RB_STORE_BACKEND
#define RB_STORE_BACKEND SqliteBackend
#define RB_STORE_BACKEND_NAME sqlite
#endif
#define RB_INSTANTIATE_FOR_STORE_BACKEND(suite) \
  INSTANTIATE_TYPED_TEST_SUITE_P(RB_STORE_BACKEND_NAME, suite, rb::testing::RB_STORE_BACKEND)
