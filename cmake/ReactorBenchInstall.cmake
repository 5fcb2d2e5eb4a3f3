# `cmake --install <build> --prefix P` lays out the runner, our plugins and the plugin SDK:
#   P/bin/runner
#   P/lib/reactorbench/plugins/*.so          (the runner looks in <bin>/../lib/reactorbench/plugins)
#   P/include/reactorbench/plugin.h          the ABI (+ pingpong_pattern.h, http_request*.h)
#   P/include/reactorbench/kit/*.h           the plugin kit's headers (plugins/common)
#   P/lib/libreactorbench_plugin_kit.a       the plugin kit: ReactorBench::plugin_kit
#   P/lib/cmake/ReactorBench/                find_package(ReactorBench 1 CONFIG): ReactorBench::sdk
#                                            and reactorbench_add_plugin()
#   P/lib/pkgconfig/reactorbench.pc          the same flags for builds without CMake
#   P/share/reactorbench/plot.py             `runner report`'s plots (found beside <bin>/runner)
# Included from the top CMakeLists.txt once plugins/ is added: the plugins installed are the
# ones reactorbench_add_plugin() registered by then, so test plugins never are.
include(CMakePackageConfigHelpers)

# The package version is the ABI version (RB_ABI_MAJOR.RB_ABI_MINOR of plugin.h), not the
# runner's: find_package(ReactorBench 1.1) asks for an SDK with the 1.1 tables, and
# SameMajorVersion accepts any later 1.x but never a 2.x, whose plugins a 1.x runner refuses.
file(STRINGS ${PROJECT_SOURCE_DIR}/core/include/reactorbench/plugin.h _rb_abi_lines
     REGEX "^#define RB_ABI_(MAJOR|MINOR) [0-9]+")
string(REGEX REPLACE ".*RB_ABI_MAJOR ([0-9]+).*" "\\1" RB_ABI_MAJOR "${_rb_abi_lines}")
string(REGEX REPLACE ".*RB_ABI_MINOR ([0-9]+).*" "\\1" RB_ABI_MINOR "${_rb_abi_lines}")
set(RB_SDK_VERSION ${RB_ABI_MAJOR}.${RB_ABI_MINOR})

set(RB_INSTALL_PLUGINDIR lib/reactorbench/plugins)
set(RB_INSTALL_CMAKEDIR lib/cmake/ReactorBench)

install(TARGETS runner RUNTIME DESTINATION bin COMPONENT runtime)
get_property(_rb_installed_plugins GLOBAL PROPERTY REACTORBENCH_PLUGIN_TARGETS)
if(_rb_installed_plugins)
  install(TARGETS ${_rb_installed_plugins}
          LIBRARY DESTINATION ${RB_INSTALL_PLUGINDIR} COMPONENT runtime)
endif()

set_target_properties(reactorbench_sdk PROPERTIES EXPORT_NAME sdk)
install(TARGETS reactorbench_sdk EXPORT ReactorBenchTargets COMPONENT sdk)
# The ABI and the header-only helpers a plugin may use for the pingpong and rr protocols and
# for INT option values.
install(FILES ${PROJECT_SOURCE_DIR}/core/include/reactorbench/plugin.h
              ${PROJECT_SOURCE_DIR}/core/include/reactorbench/pingpong_pattern.h
              ${PROJECT_SOURCE_DIR}/core/include/reactorbench/http_request.h
              ${PROJECT_SOURCE_DIR}/core/include/reactorbench/http_request_impl.h
              ${PROJECT_SOURCE_DIR}/core/include/reactorbench/option_int.h
        DESTINATION include/reactorbench COMPONENT sdk)
# The helpers our C plugins share (plugins/common), as ReactorBench::plugin_kit: a static,
# position-independent library with hidden symbols, so a plugin carries its own copy and still
# exports only its entry. Its headers include each other by file name, so they stay together.
install(TARGETS rb_plugin_common EXPORT ReactorBenchTargets ARCHIVE DESTINATION lib
        COMPONENT sdk)
file(GLOB _rb_kit_headers ${PROJECT_SOURCE_DIR}/plugins/common/*.h)
install(FILES ${_rb_kit_headers} DESTINATION include/reactorbench/kit COMPONENT sdk)
install(EXPORT ReactorBenchTargets NAMESPACE ReactorBench:: DESTINATION ${RB_INSTALL_CMAKEDIR}
        COMPONENT sdk)

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/ReactorBenchConfig.cmake.in
  ${CMAKE_BINARY_DIR}/sdk/ReactorBenchConfig.cmake
  INSTALL_DESTINATION ${RB_INSTALL_CMAKEDIR}
  PATH_VARS RB_INSTALL_PLUGINDIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/sdk/ReactorBenchConfigVersion.cmake
  VERSION ${RB_SDK_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES
          ${CMAKE_BINARY_DIR}/sdk/ReactorBenchConfig.cmake
          ${CMAKE_BINARY_DIR}/sdk/ReactorBenchConfigVersion.cmake
          ${CMAKE_CURRENT_LIST_DIR}/ReactorBenchPlugin.cmake
          ${CMAKE_CURRENT_LIST_DIR}/plugin.map
          ${CMAKE_CURRENT_LIST_DIR}/plugin_build_note.c
        DESTINATION ${RB_INSTALL_CMAKEDIR} COMPONENT sdk)

configure_file(${CMAKE_CURRENT_LIST_DIR}/reactorbench.pc.in ${CMAKE_BINARY_DIR}/sdk/reactorbench.pc
               @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/sdk/reactorbench.pc DESTINATION lib/pkgconfig COMPONENT sdk)

# The plots of `runner report`: the installed runner looks for plot.py here, beside itself
# (cli/plot_script.h), not in the source tree it was built from.
install(PROGRAMS ${PROJECT_SOURCE_DIR}/scripts/plot.py DESTINATION share/reactorbench
        COMPONENT runtime)

# The configs and the out-of-tree plugin template, for users of an installed runner.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/configs/ DESTINATION share/reactorbench/configs
        COMPONENT runtime FILES_MATCHING PATTERN "*.toml")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/third_party_plugin
        DESTINATION share/reactorbench/examples COMPONENT sdk)
