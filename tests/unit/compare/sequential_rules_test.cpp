// A run with [run] budget is judged at Pocock's level for its looks (issue 30, part 4): by
// `runner compare --plugins` as by the looks during the run.
#include <gtest/gtest.h>

#include "compare/comparison_json.h"
#include "compare/run_comparison.h"
#include "compare/sequential_rules.h"
#include "synthetic_runs.h"

namespace rb::compare {
namespace {

using rb::testing::synthetic_flower_run;
using rb::testing::SyntheticOptions;

SequentialDesign four_looks() {
  SequentialDesign design;
  design.max_looks = 4;
  design.batch_rounds = 6;
  design.nominal_alpha = 0.0182;
  design.budget_s = 600;
  return design;
}

TEST(SequentialRules, NarrowAlphaAndWidenTheIntervalOnlyForARunWithABudget) {
  const VerdictRules plain = sequential_rules(VerdictRules{}, SequentialDesign{});
  EXPECT_DOUBLE_EQ(plain.alpha, 0.05);
  EXPECT_DOUBLE_EQ(plain.ci_level, 0.95);
  const VerdictRules looked = sequential_rules(VerdictRules{}, four_looks());
  EXPECT_DOUBLE_EQ(looked.alpha, 0.0182);
  EXPECT_DOUBLE_EQ(looked.ci_level, 1 - 0.0182);
  EXPECT_EQ(looked.threshold, VerdictRules{}.threshold);
  EXPECT_FALSE(sequential_note(plain, SequentialDesign{}).has_value());
}

TEST(SequentialRules, CompareOfPluginsInARunWithABudgetJudgesAtTheNominalLevel) {
  RunResult run = synthetic_flower_run(SyntheticOptions{});
  run.context.sequential = four_looks();
  const RunComparison c = compare_plugins(run, "libevent2", "muduo", CompareOptions{});
  EXPECT_DOUBLE_EQ(c.rules.alpha, 0.0182);
  EXPECT_DOUBLE_EQ(c.rules.ci_level, 1 - 0.0182);
  ASSERT_EQ(c.design_notes.size(), 1u);
  EXPECT_EQ(c.design_notes[0],
            "sequential design ([run] budget): up to 4 looks at each comparison, so each "
            "verdict is judged at alpha 0.0182 with a 98.18% interval (Pocock), not at the "
            "single-look levels");
  EXPECT_TRUE(c.context_notes.empty());
  const std::string json = comparison_json(c);
  EXPECT_NE(json.find("\"design_notes\": ["), std::string::npos);
  // Two runs are never judged sequentially: their rounds were not looked at together.
  const RunComparison across = compare_runs(run, run, CompareOptions{});
  EXPECT_DOUBLE_EQ(across.rules.alpha, 0.05);
  EXPECT_TRUE(across.design_notes.empty());
}

}  // namespace
}  // namespace rb::compare
