# anvil_add_plugin(<target> SOURCES <src>... [OUTPUT_DIR <dir>] [LIBS <lib>...] [NO_INSTALL])
#
# Builds one Anvil plugin: a MODULE library named <target>.so that links the kernel shared
# library (never a static copy) with hidden visibility, as DESIGN.md "The plugin boundary" asks.
# Works the same in the Anvil tree and in an out-of-tree project after find_package(Anvil).
#
#   find_package(Anvil CONFIG REQUIRED)
#   anvil_add_plugin(value-doubled SOURCES doubled.cpp)
include_guard(GLOBAL)

function(anvil_add_plugin target)
  cmake_parse_arguments(ARG "NO_INSTALL" "OUTPUT_DIR" "SOURCES;LIBS" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "anvil_add_plugin(${target}): SOURCES is required")
  endif()
  add_library(${target} MODULE ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE Anvil::kernel ${ARG_LIBS})
  if(TARGET anvil_warnings)
    target_link_libraries(${target} PRIVATE anvil_warnings)
  endif()
  set_target_properties(${target} PROPERTIES
    PREFIX ""
    CXX_STANDARD 20
    CXX_STANDARD_REQUIRED ON
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON)
  # -z defs: an unresolved symbol is a link error here rather than a load error later.
  target_link_options(${target} PRIVATE "LINKER:-z,defs")
  if(ANVIL_PLUGIN_RELOAD)
    # Without this, g++ marks inline statics STB_GNU_UNIQUE and dlclose() never unmaps the library.
    target_compile_options(${target} PRIVATE -fno-gnu-unique)
  endif()
  if(ARG_OUTPUT_DIR)
    set_target_properties(${target} PROPERTIES LIBRARY_OUTPUT_DIRECTORY "${ARG_OUTPUT_DIR}")
  elseif(DEFINED ANVIL_PLUGIN_OUTPUT_DIR)
    set_target_properties(${target} PROPERTIES LIBRARY_OUTPUT_DIRECTORY "${ANVIL_PLUGIN_OUTPUT_DIR}")
  endif()
  if(NOT ARG_NO_INSTALL AND DEFINED ANVIL_PLUGIN_INSTALL_DIR)
    # An installed plugin finds the kernel beside it (lib/anvil/plugins -> lib) even when it is
    # inspected or loaded by something other than the anvil executable.
    file(RELATIVE_PATH _anvil_to_libdir "/${ANVIL_PLUGIN_INSTALL_DIR}" "/${CMAKE_INSTALL_LIBDIR}")
    set_target_properties(${target} PROPERTIES INSTALL_RPATH "$ORIGIN/${_anvil_to_libdir}")
    install(TARGETS ${target} LIBRARY DESTINATION ${ANVIL_PLUGIN_INSTALL_DIR})
  endif()
endfunction()
