// The one table of INT option texts (reactorbench/option_int.h) that both sides are tested
// on: the host's config check (unit_config, model/declared_option.h) and the plugins' option
// parser (unit_plugin_common, plugins/common/option_table.h). Issue 31, item 11: "+64" and
// " 64" passed the first and failed the second in every cell.
#pragma once

#include <vector>

namespace rbtest {

struct IntOptionCase {
  const char* text;
  bool accepted;
  long long value;  // when accepted
};

inline const std::vector<IntOptionCase>& int_option_cases() {
  static const std::vector<IntOptionCase> cases = {
      {"64", true, 64},
      {"0", true, 0},
      {"-1", true, -1},
      {"-0", true, 0},
      {"007", true, 7},
      {"9223372036854775807", true, 9223372036854775807LL},
      {"-9223372036854775808", true, -9223372036854775807LL - 1},
      {"9223372036854775808", false, 0},
      {"-9223372036854775809", false, 0},
      {"99999999999999999999999", false, 0},
      {"+64", false, 0},
      {" 64", false, 0},
      {"64 ", false, 0},
      {"\t64", false, 0},
      {"64\n", false, 0},
      {"0x40", false, 0},
      {"6 4", false, 0},
      {"1_000", false, 0},
      {"1e3", false, 0},
      {"64abc", false, 0},
      {"", false, 0},
      {"-", false, 0},
      {"--1", false, 0},
      {"+", false, 0},
      {"\xef\xbc\x96\xef\xbc\x94", false, 0},  // full-width "64"
  };
  return cases;
}

}  // namespace rbtest
