# Follows a guide literally (docs.PackGuide, docs.PluginGuide in tests/cli/CMakeLists.txt):
# installs this build into WORK/prefix as a reader would, extracts every fenced ```sh block of
# DOC in order, and runs them as one bash script (set -euo pipefail) in the empty folder
# WORK/run, with WORK/prefix/bin first on PATH, ANVIL_PREFIX=WORK/prefix and an empty
# ANVIL_HOME=WORK/home. Any failing command fails the test.
#
#   cmake -DDOC=<guide.md> -DBUILD=<build dir> -DWORK=<scratch> -P doc_blocks_test.cmake
cmake_minimum_required(VERSION 3.25)

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/run ${WORK}/home)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${WORK}/prefix
                RESULT_VARIABLE status OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install ${BUILD} failed:\n${err}")
endif()

include(${CMAKE_CURRENT_LIST_DIR}/fenced_blocks.cmake)
file(READ ${DOC} text)
fenced_blocks("${text}" sh block)
set(blocks ${block_count})
set(script "set -euo pipefail\n")
foreach(i IN LISTS block_indices)
  string(APPEND script "echo '+ ${DOC}: block ${i}'\n${block_${i}}\n")
endforeach()
if(blocks EQUAL 0)
  message(FATAL_ERROR "${DOC} has no ```sh block")
endif()
file(WRITE ${WORK}/guide.sh "${script}")

set(ENV{PATH} "${WORK}/prefix/bin:$ENV{PATH}")
set(ENV{ANVIL_PREFIX} ${WORK}/prefix)
set(ENV{ANVIL_HOME} ${WORK}/home)
execute_process(COMMAND bash -x ${WORK}/guide.sh WORKING_DIRECTORY ${WORK}/run
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${DOC}: a shell block failed (exit ${status}); script ${WORK}/guide.sh\n"
                      "stdout:\n${out}\nstderr:\n${err}")
endif()
message(STATUS "${DOC}: ${blocks} shell blocks ran")
