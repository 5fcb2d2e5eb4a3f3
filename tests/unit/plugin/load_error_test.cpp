#include "plugin/load_error.h"

#include <set>
#include <string>

#include <gtest/gtest.h>

namespace rb::plugin {
namespace {

TEST(LoadError, WhatNamesThePathThenTheMessage) {
  const LoadError error(LoadErrorKind::no_entry_symbol, "/x/foo.so", "no entry symbol");
  EXPECT_STREQ(error.what(), "/x/foo.so: no entry symbol");
  EXPECT_EQ(error.kind(), LoadErrorKind::no_entry_symbol);
  EXPECT_EQ(error.path(), "/x/foo.so");
  EXPECT_EQ(error.message(), "no entry symbol");
}

TEST(LoadError, EveryKindRoundTripsThroughItsDistinctName) {
  std::set<std::string> names;
  for (int value = 0; value <= static_cast<int>(LoadErrorKind::wrong_architecture); ++value) {
    const auto kind = static_cast<LoadErrorKind>(value);
    const std::string name = to_string(kind);
    EXPECT_TRUE(names.insert(name).second) << name;
    EXPECT_EQ(load_error_kind_from_string(name), kind) << name;
  }
  EXPECT_EQ(load_error_kind_from_string("no_such_kind"), std::nullopt);
}

}  // namespace
}  // namespace rb::plugin
