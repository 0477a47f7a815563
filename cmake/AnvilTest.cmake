# anvil_add_test(<target> SOURCES <src>... [LIBS <lib>...])
#
# One GoogleTest executable, linked with the kernel, registered with ctest test by test.
# Tests are listed when ctest runs (PRE_TEST), not after linking: the build never executes a test
# binary, and under the asan preset the listing runs with the test preset's sanitizer options.
include_guard(GLOBAL)

function(anvil_add_test target)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(${target} ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE Anvil::kernel GTest::gtest GTest::gmock GTest::gtest_main
                                          anvil_warnings ${ARG_LIBS})
  gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60 DISCOVERY_MODE PRE_TEST
    PROPERTIES ENVIRONMENT "ANVIL_SHARED_DIR=${ANVIL_SHARED_DIR}")
endfunction()
