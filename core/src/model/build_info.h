#pragma once

// Facts fixed when the runner was built. They live in one translation unit (build_info.cpp,
// the only file compiled with the build's -D values) so that a new version or another
// checkout path rebuilds one file, not the whole core.
namespace rb::model {

const char* runner_version();
const char* build_type();
const char* compiler_description();
// The source tree the runner was built from: where scripts/plot.py and git's history are.
const char* source_dir();

}  // namespace rb::model
