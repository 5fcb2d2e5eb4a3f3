// The one scheme -> backend table: a path and file: open SQLite, postgresql:// and postgres://
// PostgreSQL, and any other scheme is one error naming it and the known ones.
#include "store/store_scheme.h"

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "../../support/scratch_dir.h"
#include "../../support/what_thrown.h"
#include "store/database.h"
#include "store/schema.h"
#include "store/store_url.h"

namespace rb::store {
namespace {

TEST(StoreScheme, APathIsAnSqliteFile) {
  const StoreTarget store = store_target("results/history.db");
  EXPECT_EQ(store.backend, Backend::sqlite);
  EXPECT_EQ(store.target, "results/history.db");
  EXPECT_EQ(store_target("history:old.db").target, "history:old.db");  // a ':' is no scheme
}

TEST(StoreScheme, AFileUrlIsAnSqliteFileAtItsPath) {
  EXPECT_EQ(store_target("file:///tmp/h.db").target, "/tmp/h.db");
  EXPECT_EQ(store_target("file://localhost/tmp/h.db").target, "/tmp/h.db");
  EXPECT_EQ(store_target("file:/tmp/h.db").target, "/tmp/h.db");
  EXPECT_EQ(store_target("file:results/h.db").target, "results/h.db");
  EXPECT_EQ(store_target("file:results/h.db").backend, Backend::sqlite);
  EXPECT_FALSE(is_postgres_url("file:///tmp/h.db"));
}

TEST(StoreScheme, AFileUrlOpensTheFileItNames) {
  const rbtest::ScratchDir dir;
  const std::filesystem::path file = dir.path() / "sub" / "h.db";
  open_history("file://" + file.string(), true);
  EXPECT_TRUE(std::filesystem::is_regular_file(file));
  EXPECT_FALSE(std::filesystem::exists("file:"));
  EXPECT_TRUE(same_location("file://" + file.string(), file.string()));
}

std::string refusal_of(const char* location) {
  return rbtest::what_thrown<StoreError>([&] { store_target(location); });
}

TEST(StoreScheme, AFileUrlOnAnotherHostIsRefused) {
  EXPECT_EQ(refusal_of("file://db.example/tmp/h.db"),
            "store 'file://db.example/tmp/h.db': a file: URL names a file on this machine, not "
            "on host 'db.example' (write file:///PATH)");
}

TEST(StoreScheme, BothPostgresSchemesOpenPostgres) {
  for (const char* url : {"postgresql://u@h/db", "postgres://h/db"}) {
    const StoreTarget store = store_target(url);
    EXPECT_EQ(store.backend, Backend::postgres) << url;
    EXPECT_EQ(store.target, url);
    EXPECT_TRUE(is_postgres_url(url));
  }
}

TEST(StoreScheme, AnUnknownSchemeIsOneErrorNamingItAndTheKnownOnes) {
  EXPECT_EQ(refusal_of("mysql://bench:secret@h/db"),
            "store location with scheme 'mysql://': no backend opens it (known: a path or "
            "file:PATH (SQLite), postgresql:// or postgres:// (PostgreSQL))");
  EXPECT_EQ(backend_of("mysql://h/db"), std::nullopt);
  EXPECT_FALSE(is_postgres_url("mysql://h/db"));
}

TEST(StoreScheme, OpeningAnUnknownSchemeFailsBeforeAnyFileIsMade) {
  EXPECT_THROW(Database("sqlite3://history.db", OpenMode::create), StoreError);
  EXPECT_FALSE(std::filesystem::exists("sqlite3:"));
}

TEST(StoreScheme, ANoteShowsAUrlMaskedAndAPathsFileName) {
  EXPECT_EQ(short_location("postgresql://u:pw@h/db"), "postgresql://u:***@h/db");
  EXPECT_EQ(short_location("results/history.db"), "history.db");
}

}  // namespace
}  // namespace rb::store
