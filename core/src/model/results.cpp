#include "model/results.h"

#include "text/enum_names.h"

namespace rb {

namespace {

constexpr text::EnumName<CellStatus> kStatusNames[] = {
    {CellStatus::ok, "ok"},           {CellStatus::skipped, "skipped"},
    {CellStatus::failed, "failed"},   {CellStatus::crashed, "crashed"},
    {CellStatus::timeout, "timeout"}, {CellStatus::interrupted, "interrupted"}};
static_assert(text::names_all(kStatusNames, CellStatus::interrupted));

}  // namespace

const char* to_string(CellStatus status) {
  return text::name_of(kStatusNames, status, "unknown");
}

}  // namespace rb
