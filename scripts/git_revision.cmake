# Writes OUT, a C++ header defining REACTORBENCH_GIT_REVISION: the source tree's revision as
# this build compiles it (`git rev-parse --short HEAD`, "-dirty" when `git status --porcelain`
# lists anything, "" outside a git checkout or without git). The build runs it every time
# (target rb_git_revision in core/CMakeLists.txt) and it rewrites OUT only when the text
# changes, so an unchanged tree recompiles nothing. Results then record the revision of the
# binary that measured them, not of whatever tree is around it when it runs.
#   cmake -DSRC_DIR=<source tree> -DOUT=<header> -P git_revision.cmake
set(revision "")
find_program(GIT git)
if(GIT)
  execute_process(COMMAND ${GIT} -C ${SRC_DIR} rev-parse --short HEAD
                  OUTPUT_VARIABLE revision OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE failed ERROR_QUIET)
  if(failed)
    set(revision "")
  endif()
  if(NOT revision STREQUAL "")
    execute_process(COMMAND ${GIT} -C ${SRC_DIR} status --porcelain
                    OUTPUT_VARIABLE changes OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT changes STREQUAL "")
      string(APPEND revision "-dirty")
    endif()
  endif()
endif()
set(text "// Written by scripts/git_revision.cmake at build time.\n#define REACTORBENCH_GIT_REVISION \"${revision}\"\n")
set(old "")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUT} "${text}")
endif()
