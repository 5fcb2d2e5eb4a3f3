// A scratch directory for database files, removed with everything in it on scope exit.
#pragma once

#include "../../support/scratch_dir.h"

namespace rb::testing {

using TempDir = rbtest::ScratchDir;

}  // namespace rb::testing
