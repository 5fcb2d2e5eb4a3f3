#include "model/build_info.h"

#include "git_revision.h"  // generated: scripts/git_revision.cmake

namespace rb::model {

const char* runner_version() {
  return REACTORBENCH_VERSION;
}
const char* build_type() {
  return REACTORBENCH_BUILD_TYPE;
}
const char* compiler_description() {
  return REACTORBENCH_COMPILER;
}
const char* source_dir() {
  return REACTORBENCH_SOURCE_DIR;
}
const char* git_revision() {
  return REACTORBENCH_GIT_REVISION;
}

}  // namespace rb::model
