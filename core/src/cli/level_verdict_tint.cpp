#include "cli/level_verdict_tint.h"

namespace rb::cli {

text::Tint level_verdict_tint(store::LevelVerdict verdict) {
  switch (verdict) {
    case store::LevelVerdict::regression:
    case store::LevelVerdict::broken:
      return text::Tint::red;
    case store::LevelVerdict::improved:
      return text::Tint::green;
    case store::LevelVerdict::within:
      return text::Tint::dim;
    case store::LevelVerdict::inconclusive:
      break;
  }
  return text::Tint::yellow;
}

}  // namespace rb::cli
