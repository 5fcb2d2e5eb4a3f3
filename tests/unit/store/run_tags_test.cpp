// Named baselines in the history (schema 6): a name per run, moved by tagging again; which
// names can be tags; and a history older than tags has none.
#include "store/run_tags.h"

#include <gtest/gtest.h>

#include "store/schema.h"
#include "store_backends.h"
#include "store_test_support.h"
#include "synthetic_runs.h"

namespace rb::store {
namespace {

using rb::testing::TempDir;

template <typename Backend>
class RunTags : public rb::testing::StoreBackendTest<Backend> {};
TYPED_TEST_SUITE_P(RunTags);

TYPED_TEST_P(RunTags, ANameNamesOneRunAndMovesWhenTaggedAgain) {
  const std::string& path = this->store();
  const RunResult run = rb::testing::flower_run();
  rb::testing::store_run(path, run);
  rb::testing::store_run(path, run);
  Database db = open_history(path, false);
  EXPECT_EQ(set_tag(db, "base", 1, "2026-12-02T01:00:00Z"), std::nullopt);
  EXPECT_EQ(find_tag(db, "base"), 1);
  EXPECT_EQ(set_tag(db, "base", 2, "2026-12-02T01:01:00Z"), 1);
  EXPECT_EQ(find_tag(db, "base"), 2);
  EXPECT_EQ(find_tag(db, "other"), std::nullopt);
  ASSERT_EQ(list_tags(db).size(), 1u);
  EXPECT_EQ(list_tags(db)[0].tagged_at, "2026-12-02T01:01:00Z");
}

TYPED_TEST_P(RunTags, ANameForNoRunIsRefused) {
  Database db = open_history(this->store(), true);
  try {
    set_tag(db, "base", 7, "2026-12-02T01:00:00Z");
    FAIL() << "expected an exception";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find(": no run 7"), std::string::npos) << e.what();
  }
}

TEST(TagNames, WhichNamesCanBeTags) {
  for (const char* good : {"base", "v1.2", "nightly-2026_12", "A"})
    EXPECT_EQ(invalid_tag_reason(good), "") << good;
  EXPECT_EQ(invalid_tag_reason(""), "a tag needs a name");
  EXPECT_EQ(invalid_tag_reason("12"), "a tag name starts with a letter (a number is a run id)");
  EXPECT_EQ(invalid_tag_reason("#12"), "a tag name starts with a letter (a number is a run id)");
  EXPECT_EQ(invalid_tag_reason("a/b"),
            "a tag name has only letters, digits, '.', '_' and '-' (not '/')");
  EXPECT_EQ(invalid_tag_reason("last"), "'last' already means a run");
  EXPECT_EQ(invalid_tag_reason("last~3"), "'last~3' already means a run");
  EXPECT_EQ(invalid_tag_reason("previous"), "'previous' already means a run");
  EXPECT_EQ(invalid_tag_reason(std::string(65, 'a')), "a tag name has at most 64 characters");
}

// Issue 31: an escape or a non-ASCII letter was refused as "(a number is a run id)".
TEST(TagNames, AnEscapeOrANonAsciiLetterIsNamedForWhatItIs) {
  EXPECT_EQ(invalid_tag_reason("\x1b[31m"),
            "a tag name starts with a letter ('\\x1B' is a control character)");
  EXPECT_EQ(invalid_tag_reason("\xc3\xa9t\xc3\xa9"),
            "a tag name starts with a letter ('\xc3\xa9' is not ASCII)");
  EXPECT_EQ(invalid_tag_reason("caf\xc3\xa9"),
            "a tag name has only letters, digits, '.', '_' and '-' ('\xc3\xa9' is not ASCII)");
  EXPECT_EQ(invalid_tag_reason("a\x1b]0;x\x07"),
            "a tag name has only letters, digits, '.', '_' and '-' ('\\x1B' is a control "
            "character)");
  EXPECT_EQ(invalid_tag_reason(" base"), "a tag name starts with a letter (not ' ')");
  EXPECT_EQ(invalid_tag_reason("a\xff"),
            "a tag name has only letters, digits, '.', '_' and '-' ('\\xFF' is not ASCII)");
}

TYPED_TEST_P(RunTags, AHistoryOlderThanTagsHasNone) {
  const std::string& path = this->store();
  {
    Database db(path, true);
    migrate_to(db, kTagsVersion - 1);
  }
  Database db = open_history_for_reading(path);
  EXPECT_EQ(find_tag(db, "base"), std::nullopt);
  EXPECT_TRUE(list_tags(db).empty());
}

REGISTER_TYPED_TEST_SUITE_P(RunTags, ANameNamesOneRunAndMovesWhenTaggedAgain,
                            ANameForNoRunIsRefused, AHistoryOlderThanTagsHasNone);
RB_INSTANTIATE_FOR_STORE_BACKEND(RunTags);

}  // namespace
}  // namespace rb::store
