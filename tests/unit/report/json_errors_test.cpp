// A malformed results file is reported with the file and the path of the field that is
// wrong, never with nlohmann's internal text ("[json.exception.type_error.302] ...").
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <string>

#include "model/json_codec.h"
#include "report/summary_json.h"
#include "synthetic_run.h"

namespace rb::report {
namespace {

// summary.json of the synthetic run, changed by `edit`, read back: the error's text.
std::string error_reading(const std::function<void(model::Json&)>& edit) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "summary.json";
  model::Json j = model::to_json(testing::two_plugins_two_points());
  edit(j);
  std::ofstream(path) << model::dump_json(j, 2);
  try {
    read_summary_json(path);
  } catch (const std::exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(path.string() + ": "), std::string::npos) << what;
    EXPECT_EQ(what.find("json.exception"), std::string::npos) << what;
    return what.substr(what.find(path.string()) + path.string().size() + 2);
  }
  ADD_FAILURE() << "the malformed summary.json was read";
  return {};
}

TEST(JsonErrors, AStringWhereANumberBelongsIsNamedByItsPath) {
  EXPECT_EQ(error_reading(
                [](model::Json& j) { j["cells"][2]["metrics"]["setup_us"]["median"] = "fast"; }),
            "cells[2].metrics.setup_us.median: expected a number (found a string)");
}

TEST(JsonErrors, AMissingFieldIsNamedByItsPath) {
  EXPECT_EQ(error_reading([](model::Json& j) { j["context"].erase("host"); }),
            "context.host: missing");
}

TEST(JsonErrors, AnUnknownStatusIsNamedByItsPath) {
  EXPECT_EQ(error_reading([](model::Json& j) { j["cells"][1]["status"] = "great"; }),
            "cells[1].status: expected a cell status (ok, skipped, failed, crashed, timeout, "
            "interrupted) (found a string)");
}

TEST(JsonErrors, AWrongKindOfNumberIsNamedByItsPath) {
  EXPECT_EQ(error_reading([](model::Json& j) { j["cells"][0]["rusage"]["max_rss_kib"] = 1.5; }),
            "cells[0].rusage.max_rss_kib: expected an integer (found a number)");
  EXPECT_EQ(error_reading([](model::Json& j) { j["cells"][0]["counters"]["reads"] = -1; }),
            "cells[0].counters.reads: expected a non-negative integer (found an integer)");
}

TEST(JsonErrors, ATopLevelOfTheWrongKindIsSaidSo) {
  EXPECT_EQ(error_reading([](model::Json& j) { j = model::Json::array(); }),
            "expected an object with \"context\" (found an array)");
  EXPECT_EQ(error_reading([](model::Json& j) { j["cells"] = 3; }),
            "cells: expected an array (found an integer)");
}

TEST(JsonErrors, TextThatIsNotJsonSaysWhereWithoutNlohmannsId) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "summary.json";
  std::ofstream(path) << "{\"context\": tru";
  try {
    read_summary_json(path);
    FAIL() << "expected an exception";
  } catch (const std::exception& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find(path.string() + ": not valid JSON: "), 0u) << what;
    EXPECT_NE(what.find("line 1"), std::string::npos) << what;
    EXPECT_EQ(what.find("json.exception"), std::string::npos) << what;
  }
}

// Found by scripts/fuzz-results: a number past a double's range is nlohmann's out_of_range,
// not a parse_error, and escaped every reader without the file's name.
TEST(JsonErrors, ANumberTooLargeForADoubleIsNotValidJsonNamingTheFile) {
  testing::ScratchDir dir;
  const auto path = dir.path() / "summary.json";
  std::ofstream(path) << "{\"context\": 27021e3081}";
  try {
    read_summary_json(path);
    FAIL() << "expected an exception";
  } catch (const std::exception& e) {
    EXPECT_EQ(std::string(e.what()),
              path.string() + ": not valid JSON: number overflow parsing '27021e3081'");
  }
}

}  // namespace
}  // namespace rb::report
