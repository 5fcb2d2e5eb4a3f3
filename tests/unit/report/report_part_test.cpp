// A reporter reads the part of its input it was made for, by type: the interface names no
// type of the concerns above report/ (the layering check refuses a forward declaration).
#include <string>

#include <gtest/gtest.h>

#include "report/reporter.h"

namespace rb::report {
namespace {

struct Page {
  std::string title;
};
struct OtherPart {};

std::string page_title(const Page& page) {
  return page.title;
}

TEST(ReportPart, AFormatterReadsThePartOfItsType) {
  const Page page{"history"};
  EXPECT_EQ((formatter<Page, page_title>().render({.part = &page}).text), "history");
}

TEST(ReportPart, APartOfAnotherTypeIsNotReadAsIt) {
  const OtherPart other;
  const ReportInput input{.part = &other};
  EXPECT_EQ(input.part.get<Page>(), nullptr);
  EXPECT_THROW((formatter<Page, page_title>().render(input)), std::logic_error);
  EXPECT_THROW((formatter<Page, page_title>().render({})), std::logic_error);
}

}  // namespace
}  // namespace rb::report
