// The colours of `runner history --check-newest`'s verdicts, as compare's (verdict_tint.h):
// regression and broken red, improved green, within the band dim, inconclusive yellow.
#pragma once

#include "store/history_changes.h"
#include "text/tint.h"

namespace rb::cli {

text::Tint level_verdict_tint(store::LevelVerdict verdict);

}  // namespace rb::cli
