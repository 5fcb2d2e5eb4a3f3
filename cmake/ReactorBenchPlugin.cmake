# reactorbench_add_plugin(NAME SOURCES ...): a plugin .so as the ABI wants it — a MODULE
# without the lib prefix, hidden visibility, no undefined symbols, and only the entry
# symbol exported (which also keeps it safely unloadable).
set(_RB_PLUGIN_CMAKE_DIR ${CMAKE_CURRENT_LIST_DIR})

function(reactorbench_add_plugin name)
  cmake_parse_arguments(ARG "" "" "SOURCES" ${ARGN})
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
  set_property(GLOBAL APPEND PROPERTY REACTORBENCH_PLUGIN_TARGETS ${name})
  if(TARGET reactorbench_sdk)
    target_link_libraries(${name} PRIVATE reactorbench_sdk)
  elseif(TARGET ReactorBench::sdk)
    target_link_libraries(${name} PRIVATE ReactorBench::sdk)
  endif()
endfunction()
