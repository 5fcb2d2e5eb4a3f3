#include "report/summary_csv.h"

#include <sstream>
#include <vector>

#include <gtest/gtest.h>

#include "synthetic_run.h"

namespace rb::report {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(SummaryCsv, HeaderNamesEveryParamBetweenPluginAndMetric) {
  const auto lines = lines_of(format_summary_csv(testing::two_plugins_two_points()));
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0],
            "index,workload,plugin,pipes,active,writes,transport,metric,unit,n,median,ci_low,"
            "ci_high,mean,stddev,cv,min,max,outliers,status,reason,user_s,sys_s,max_rss_kib,"
            "disturbed,foreign_cpu_share,steal_share,disturbance");
}

TEST(SummaryCsv, OneRowPerCellAndMetricInDeclaredMetricOrder) {
  const auto lines = lines_of(format_summary_csv(testing::two_plugins_two_points()));
  // Three ok cells with three metrics each, one skipped cell with one row.
  ASSERT_EQ(lines.size(), 1u + 3 * 3 + 1);
  EXPECT_EQ(lines[1],
            "0,flower,libevent2,100,100,100,socketpair,setup_us,us,24,10.04,9.876,10.26,10.1404,"
            "0.502,0.04950495049504951,9.036,13.052,1,ok,,0.25,0.125,4096,,,,");
  EXPECT_EQ(lines[2].substr(0, lines[2].find(",us,")),
            "0,flower,libevent2,100,100,100,socketpair,dispatch_us");
  EXPECT_NE(lines[2].find(",0,ok,"), std::string::npos);  // no outliers in dispatch_us
  EXPECT_EQ(lines[3].substr(0, lines[3].find(",us,")),
            "0,flower,libevent2,100,100,100,socketpair,total_us");
}

TEST(SummaryCsv, SkippedCellKeepsItsReasonQuoted) {
  const auto lines = lines_of(format_summary_csv(testing::two_plugins_two_points()));
  EXPECT_EQ(lines.back(),
            "3,flower,raw-epoll,1000,100,100,socketpair,,,,,,,,,,,,,skipped,"
            "\"needs 2005 fds, hard limit 2000\",0,0,0,,,,");
}

TEST(SummaryCsv, WritesTheSameTextToAFile) {
  testing::expect_writes_what_it_formats(write_summary_csv, format_summary_csv);
}

}  // namespace
}  // namespace rb::report
