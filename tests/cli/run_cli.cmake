# Runs `anvil` once and checks what it did; one ctest test each (tests/cli/CMakeLists.txt).
#
#   cmake -DANVIL=<anvil> -DARGS=<arg|arg|…> -DEXPECT_EXIT=<n>
#         [-DEXPECT_OUTPUT=<regex over stdout+stderr>] [-DEXPECT_NO_OUTPUT=<regex>]
#         [-DEXPECT_ONCE=<regex>] [-DINPUT_FILE=<file>]
#         [-DDEFINITIONS=<file.cmake>] [-DEXPECT_JSON_CARDS=<n>] -P run_cli.cmake
#
# Arguments are separated by '|' because ';' does not survive add_test() as one argument.
# EXPECT_NO_OUTPUT must match nothing in stdout+stderr; an empty regex is not checked.
# EXPECT_ONCE must match exactly once in stdout+stderr (a regex without ';'). INPUT_FILE is piped
# to anvil's standard input.
# DEFINITIONS is a CMake file, written at build time, whose variables replace @VAR@ in the
# regexes (digests of generated files).
# EXPECT_JSON_CARDS checks stdout is exactly the `pack show --json` object: the keys name,
# version, cards, errors, warnings and nothing else, with `cards` equal to n and no errors.
cmake_minimum_required(VERSION 3.25)

string(REPLACE "|" ";" args "${ARGS}")
if(DEFINED DEFINITIONS)
  include(${DEFINITIONS})
  foreach(regex IN ITEMS EXPECT_OUTPUT EXPECT_NO_OUTPUT EXPECT_ONCE)
    if(NOT "${${regex}}" STREQUAL "")
      string(CONFIGURE "${${regex}}" ${regex} @ONLY)
    endif()
  endforeach()
endif()
set(input)
if(DEFINED INPUT_FILE AND NOT INPUT_FILE STREQUAL "")
  set(input INPUT_FILE "${INPUT_FILE}")
endif()
execute_process(COMMAND "${ANVIL}" ${args} ${input}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(report "anvil ${args}\n  exit status: ${status}\n  stdout:\n${out}\n  stderr:\n${err}")

if(NOT status STREQUAL "${EXPECT_EXIT}")
  message(FATAL_ERROR "expected exit status ${EXPECT_EXIT}\n${report}")
endif()
if(NOT "${EXPECT_OUTPUT}" STREQUAL "" AND NOT "${out}${err}" MATCHES "${EXPECT_OUTPUT}")
  message(FATAL_ERROR "output does not match '${EXPECT_OUTPUT}'\n${report}")
endif()
if(NOT "${EXPECT_NO_OUTPUT}" STREQUAL "" AND "${out}${err}" MATCHES "${EXPECT_NO_OUTPUT}")
  message(FATAL_ERROR "output matches '${EXPECT_NO_OUTPUT}', which it must not\n${report}")
endif()
if(NOT "${EXPECT_ONCE}" STREQUAL "")
  string(REGEX MATCHALL "${EXPECT_ONCE}" matches "${out}${err}")
  list(LENGTH matches count)
  if(NOT count EQUAL 1)
    message(FATAL_ERROR "'${EXPECT_ONCE}' matches ${count} times, not once\n${report}")
  endif()
endif()

if(DEFINED EXPECT_JSON_CARDS)
  string(JSON key_count ERROR_VARIABLE json_error LENGTH "${out}")
  if(json_error)
    message(FATAL_ERROR "stdout is not a JSON object: ${json_error}\n${report}")
  endif()
  if(NOT key_count EQUAL 5)
    message(FATAL_ERROR "expected exactly 5 keys, found ${key_count}\n${report}")
  endif()
  foreach(key IN ITEMS name version cards errors warnings)
    string(JSON type ERROR_VARIABLE json_error TYPE "${out}" ${key})
    if(json_error)
      message(FATAL_ERROR "key '${key}' is missing\n${report}")
    endif()
  endforeach()
  string(JSON cards GET "${out}" cards)
  string(JSON error_count LENGTH "${out}" errors)
  if(NOT cards EQUAL EXPECT_JSON_CARDS OR NOT error_count EQUAL 0)
    message(FATAL_ERROR "expected ${EXPECT_JSON_CARDS} cards and no errors; found ${cards} cards, "
                        "${error_count} errors\n${report}")
  endif()
endif()
