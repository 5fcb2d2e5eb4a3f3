// The colour of a cell's status on a console: a cell that failed, crashed or timed out is red
// (something is wrong to look at), an interrupted one yellow (no answer, nothing broken), an
// ok or skipped one plain (a skip is the plan's own choice).
#pragma once

#include "model/results.h"
#include "text/tint.h"

namespace rb::report {

text::Tint status_tint(CellStatus status);

}  // namespace rb::report
