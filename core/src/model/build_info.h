#pragma once

// Facts fixed when the runner was built. They live in one translation unit (build_info.cpp,
// the only file compiled with the build's -D values) so that a new version or another
// checkout path rebuilds one file, not the whole core.
namespace rb::model {

const char* runner_version();
const char* build_type();
const char* compiler_description();
// The source tree the runner was built from: where scripts/plot.py is in a build tree.
const char* source_dir();
// That tree's git revision when the runner was built ("1a2b3c4", "1a2b3c4-dirty" with
// uncommitted changes, "" outside git): what results record, whatever directory the runner
// runs in and whatever that tree has become since.
const char* git_revision();

}  // namespace rb::model
