#include "report/status_tint.h"

namespace rb::report {

text::Tint status_tint(CellStatus status) {
  switch (status) {
    case CellStatus::failed:
    case CellStatus::crashed:
    case CellStatus::timeout:
      return text::Tint::red;
    case CellStatus::interrupted:
      return text::Tint::yellow;
    case CellStatus::ok:
    case CellStatus::skipped:
      break;
  }
  return text::Tint::none;
}

}  // namespace rb::report
