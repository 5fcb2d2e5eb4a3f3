// A store's URL in messages and files: the password never shows (masked in messages, left
// out of store.json), whichever way the URL carries it.
#include "store/store_url.h"

#include <gtest/gtest.h>

namespace rb::store {
namespace {

TEST(StoreUrl, PostgresUrlsAreToldFromPaths) {
  EXPECT_TRUE(is_postgres_url("postgresql://u@h/db"));
  EXPECT_TRUE(is_postgres_url("postgres://h/db"));
  EXPECT_FALSE(is_postgres_url("results/history.db"));
  EXPECT_FALSE(is_postgres_url("postgresql.db"));
}

TEST(StoreUrl, ThePasswordIsMaskedWhereverTheUrlHasIt) {
  EXPECT_EQ(masked_location("postgresql://bench:s3cr:et@db.example:5432/hist"),
            "postgresql://bench:***@db.example:5432/hist");
  EXPECT_EQ(masked_location("postgres://bench:pw@/hist?host=/run/pg&password=pw&sslmode=off"),
            "postgres://bench:***@/hist?host=/run/pg&password=***&sslmode=off");
  EXPECT_EQ(masked_location("postgresql:///hist?password=pw"), "postgresql:///hist?password=***");
  EXPECT_EQ(masked_location("postgresql://bench@h/db"), "postgresql://bench@h/db");
  EXPECT_EQ(masked_location("postgresql://h"), "postgresql://h");
  EXPECT_EQ(masked_location("history:pw@x.db"), "history:pw@x.db");  // a path stays a path
}

TEST(StoreUrl, StoreJsonKeepsTheUrlWithoutThePassword) {
  EXPECT_EQ(location_without_password("postgresql://bench:pw@h/db?password=pw&sslmode=off"),
            "postgresql://bench@h/db?sslmode=off");
  EXPECT_EQ(location_without_password("postgresql://h/db?password=pw"), "postgresql://h/db");
}

TEST(StoreUrl, OneStoreWithOrWithoutItsPassword) {
  EXPECT_TRUE(same_location("postgresql://u:pw@h/db", "postgresql://u@h/db"));
  EXPECT_FALSE(same_location("postgresql://u@h/db", "postgresql://u@h/other"));
}

}  // namespace
}  // namespace rb::store
