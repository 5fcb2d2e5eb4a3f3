// Every input kept in tests/data/results_inputs (scripts/fuzz-results' seeds, and each input
// the fuzzer found a fault with once fixed) replayed through the results-directory readers as
// tests/fuzz/results_fuzzer.cpp feeds them: a run, or a std::exception naming the file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "../../support/scratch_dir.h"
#include "report/results_dir.h"

namespace rb::report {
namespace {

constexpr std::string_view kSeparator = "\n--samples.jsonl--\n";

std::string bytes_of(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// "ok" for a run read, else the error, which must name the directory's file.
std::string outcome(const std::filesystem::path& dir) {
  try {
    read_results_dir(dir);
    return "ok";
  } catch (const std::exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(dir.string()), std::string::npos) << what;
    return what;
  }
}

TEST(ResultsInputs, EveryKeptInputGivesARunOrAnErrorNamingTheFile) {
  int inputs = 0;
  for (const auto& entry : std::filesystem::directory_iterator(RB_RESULTS_INPUTS_DIR)) {
    rbtest::ScratchDir dir;
    const std::string input = bytes_of(entry.path());
    const auto split = input.find(kSeparator);
    dir.write("summary.json", input.substr(0, split));
    if (split != std::string::npos)
      dir.write("samples.jsonl", input.substr(split + kSeparator.size()));
    const std::string got = outcome(dir.path());
    if (entry.path().filename() == "tiny-run") {
      EXPECT_EQ(got, "ok") << entry.path();  // a real run's two files
    }
    ++inputs;
  }
  EXPECT_GE(inputs, 2);
}

}  // namespace
}  // namespace rb::report
