# reactorbench_add_plugin(NAME SOURCES ...): a plugin .so as the ABI wants it — a MODULE
# without the lib prefix, hidden visibility, no undefined symbols, and only the entry
# symbol exported (which also keeps it safely unloadable), optimised unless asked otherwise,
# and with a note of how it was built (plugin_build_note.c) that the runner reads.
set(_RB_PLUGIN_CMAKE_DIR ${CMAKE_CURRENT_LIST_DIR})

# A plugin is built to be measured: a single-config build that names no build type (plain
# `cmake -S . -B build`, which compiles without any -O) becomes Release, and says so. Set
# here, where find_package(ReactorBench) includes this file, so that it applies to the whole
# directory before any target is generated.
get_property(_rb_multi_config GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
if(NOT _rb_multi_config AND NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Release CACHE STRING "Choose the type of build" FORCE)
  set(CMAKE_BUILD_TYPE Release)
  message(STATUS "reactorbench: no CMAKE_BUILD_TYPE given, so plugins build as Release "
                 "(optimised); -DCMAKE_BUILD_TYPE=RelWithDebInfo or Debug to choose")
endif()

# The note's macros for one plugin: its build type, the flags CMake adds for it (the
# language's and the build type's, then the target's compile options), the compiler.
function(_reactorbench_record_build name)
  get_property(_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  set(_lang C)
  if(NOT "C" IN_LIST _languages)
    set(_lang CXX)
  endif()
  # A copy per plugin: a source's properties are per directory, and each plugin has its own.
  set(_note ${CMAKE_CURRENT_BINARY_DIR}/reactorbench_build_note_${name}.c)
  configure_file(${_RB_PLUGIN_CMAKE_DIR}/plugin_build_note.c ${_note} COPYONLY)
  string(TOUPPER "${CMAKE_BUILD_TYPE}" _config)
  string(STRIP "${CMAKE_${_lang}_FLAGS} ${CMAKE_${_lang}_FLAGS_${_config}}" _flags)
  set(_options "$<JOIN:$<TARGET_PROPERTY:${name},COMPILE_OPTIONS>, >")
  set(_flags "${_flags}$<$<BOOL:${_options}>: ${_options}>")
  string(REPLACE "\\" "\\\\" _flags "${_flags}")
  string(REPLACE "\"" "\\\"" _flags "${_flags}")
  set(_compiler "${CMAKE_${_lang}_COMPILER_ID} ${CMAKE_${_lang}_COMPILER_VERSION}")
  target_sources(${name} PRIVATE ${_note})
  set_source_files_properties(${_note} PROPERTIES
    LANGUAGE ${_lang}
    COMPILE_DEFINITIONS
      "RB_PLUGIN_BUILD_TYPE=\"$<CONFIG>\";RB_PLUGIN_BUILD_FLAGS=\"${_flags}\";RB_PLUGIN_COMPILER=\"${_compiler}\"")
endfunction()

# NAMES: the names its descriptors give (default: the target's, '-' for '_'), so that a
# config's plugin name finds the target that builds it (plugin_targets.txt, scripts/runner).
function(reactorbench_add_plugin name)
  cmake_parse_arguments(ARG "" "" "SOURCES;NAMES" ${ARGN})
  if(NOT ARG_NAMES)
    string(REPLACE "_" "-" ARG_NAMES "${name}")
  endif()
  foreach(_plugin_name IN LISTS ARG_NAMES)
    set_property(GLOBAL APPEND PROPERTY REACTORBENCH_PLUGIN_NAMES "${_plugin_name} ${name}")
  endforeach()
  add_library(${name} MODULE ${ARG_SOURCES})
  # A C plugin's files keep their static helpers' short names (on_readable, setup...), which
  # one unity unit would see twice; C compiles in seconds anyway.
  set(_cxx_sources ${ARG_SOURCES})
  list(FILTER _cxx_sources INCLUDE REGEX "\\.(cpp|cc|cxx)$")
  if(NOT _cxx_sources)
    set_target_properties(${name} PROPERTIES UNITY_BUILD OFF)
  endif()
  set_target_properties(${name} PROPERTIES
    PREFIX ""
    C_VISIBILITY_PRESET hidden
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  if(DEFINED REACTORBENCH_PLUGIN_OUTPUT_DIR)
    set_target_properties(${name} PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${REACTORBENCH_PLUGIN_OUTPUT_DIR})
  endif()
  target_link_options(${name} PRIVATE
    -Wl,--no-undefined
    -Wl,--version-script=${_RB_PLUGIN_CMAKE_DIR}/plugin.map)
  set_property(TARGET ${name} APPEND PROPERTY LINK_DEPENDS ${_RB_PLUGIN_CMAKE_DIR}/plugin.map)
  _reactorbench_record_build(${name})
  set_property(GLOBAL APPEND PROPERTY REACTORBENCH_PLUGIN_TARGETS ${name})
  if(TARGET reactorbench_sdk)
    target_link_libraries(${name} PRIVATE reactorbench_sdk)
  elseif(TARGET ReactorBench::sdk)
    target_link_libraries(${name} PRIVATE ReactorBench::sdk)
  endif()
endfunction()
