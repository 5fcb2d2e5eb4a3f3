// The HTML report's Bisect part: the path scripts/bisect took to a culprit (its bisect.json,
// beside a step's run), step by step, for the run that was one of its steps.
#pragma once

#include <string>
#include <vector>

namespace rb::html {

struct BisectStep {
  std::string commit;
  std::string subject;
  std::string verdict;  // good, bad, skip, undecided
  std::string why;      // the step's evidence, or why the commit was skipped
};

struct BisectPath {
  std::string good;
  std::string bad;
  std::string decided_by;  // "kernel counts" or "timings"
  std::string whole;       // the good -> bad change
  std::vector<BisectStep> steps;
  std::string summary;  // the finding: culprit, candidates, several small steps, none
  std::string group;    // the store's group of the bisect's runs
};

std::string bisect_html(const BisectPath& path);

}  // namespace rb::html
