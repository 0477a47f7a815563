# anvil_add_test(<target> SOURCES <src>... [HOT_SOURCES <src>...] [LIBS <lib>...])
#
# One GoogleTest executable, linked with the kernel, registered with ctest test by test.
# Tests are listed when ctest runs (PRE_TEST), not after linking: the build never executes a test
# binary. With ANVIL_BATCH_TESTS (the asan preset) the whole program is one ctest test named
# gtest.<target> instead: one process start rather than one per test, and GoogleTest's own output
# names the test that failed.
#
# The tests' own code is compiled with ANVIL_TEST_CODE_FLAGS (default -O0) after the build type's
# flags. What a test checks is the kernel, the plugins and the programs, which are built as their
# preset says (-O2 in release, -O1 with the sanitizers in asan); GoogleTest's macros make test
# sources the slowest files of the build to optimise, and unoptimised they compile in about half
# the time (docs/testing.md, "CI time"). HOT_SOURCES are test sources that run a loop of their own
# for long (whole games checked after every step, thousands of random journal edits): they keep
# the build type's optimisation level, and are compiled one file at a time (CMake leaves a source
# with options of its own out of the unity batches).
include_guard(GLOBAL)

set(ANVIL_TEST_CODE_FLAGS "-O0" CACHE STRING
    "Compile options appended for the tests' own sources (a ;-list; empty: the build type's flags)")

# The optimisation level the build type's flags give (the last -O wins), for HOT_SOURCES.
function(_anvil_build_type_opt_level out)
  string(TOUPPER "${CMAKE_BUILD_TYPE}" config)
  string(REGEX MATCHALL "-O[0-3sgz]?" levels "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${config}}")
  set(level "-O0")
  if(levels)
    list(GET levels -1 level)
  endif()
  set(${out} ${level} PARENT_SCOPE)
endfunction()

function(anvil_add_test target)
  cmake_parse_arguments(ARG "" "" "SOURCES;HOT_SOURCES;LIBS" ${ARGN})
  add_executable(${target} ${ARG_SOURCES} ${ARG_HOT_SOURCES})
  target_link_libraries(${target} PRIVATE Anvil::kernel GTest::gtest GTest::gmock GTest::gtest_main
                                          anvil_warnings ${ARG_LIBS})
  if(ANVIL_TEST_CODE_FLAGS)
    target_compile_options(${target} PRIVATE ${ANVIL_TEST_CODE_FLAGS})
    if(ARG_HOT_SOURCES)
      _anvil_build_type_opt_level(level)
      set_source_files_properties(${ARG_HOT_SOURCES} PROPERTIES COMPILE_OPTIONS ${level})
    endif()
  endif()
  if(ANVIL_BATCH_TESTS)
    # --gtest_brief: on success only the totals; a failure still prints its test and message.
    add_test(NAME gtest.${target} COMMAND ${target} --gtest_brief=1
             WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
    set_tests_properties(gtest.${target} PROPERTIES
      ENVIRONMENT "ANVIL_SHARED_DIR=${ANVIL_SHARED_DIR}" LABELS gtest)
  else()
    gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60 DISCOVERY_MODE PRE_TEST
      PROPERTIES ENVIRONMENT "ANVIL_SHARED_DIR=${ANVIL_SHARED_DIR}")
  endif()
endfunction()
