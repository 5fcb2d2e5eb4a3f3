#include "model/results.h"

#include <algorithm>

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

bool all_ok(const RunResult& run) {
  return std::all_of(run.cells.begin(), run.cells.end(), [](const CellResult& c) {
    return c.status == CellStatus::ok || c.status == CellStatus::skipped;
  });
}

}  // namespace rb
