#include "model/results.h"

namespace rb {

const char* to_string(CellStatus status) {
  switch (status) {
    case CellStatus::ok:
      return "ok";
    case CellStatus::skipped:
      return "skipped";
    case CellStatus::failed:
      return "failed";
    case CellStatus::crashed:
      return "crashed";
    case CellStatus::timeout:
      return "timeout";
    case CellStatus::interrupted:
      return "interrupted";
  }
  return "unknown";
}

}  // namespace rb
