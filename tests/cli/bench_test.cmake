# `anvil bench --json` prints exactly the documented keys with numbers (not how fast they are):
#   {"classic": {"random_games_per_s", ["heuristic_games_per_s",] "us_per_action", "actions_per_game"},
#    ["hearth": {"random_games_per_s", "us_per_action", "actions_per_game"},] "search": {"rollout_steps_per_s"},
#    "bytes_per_game": N}
# heuristic_games_per_s is expected exactly when `anvil plugins list` shows the ai-heuristic agent.
#   cmake -DANVIL=<anvil> -P bench_test.cmake
execute_process(COMMAND ${ANVIL} plugins list OUTPUT_VARIABLE plugins ERROR_QUIET)
set(HEURISTIC 0)
if(plugins MATCHES "agent\\(ai-heuristic\\)")
  set(HEURISTIC 1)
endif()
execute_process(COMMAND ${ANVIL} bench --json --runs 1 --games 5
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "anvil bench exited ${status}\n${out}\n${err}")
endif()

# Checks that object `path` has exactly the keys `keys`, each a number.
function(expect_numbers path keys)
  string(JSON n LENGTH "${out}" ${path})
  list(LENGTH keys expected)
  if(NOT n EQUAL expected)
    message(FATAL_ERROR "'${path}' should have exactly the keys ${keys} in\n${out}")
  endif()
  foreach(key IN LISTS keys)
    string(JSON type ERROR_VARIABLE e TYPE "${out}" ${path} ${key})
    if(e OR NOT type STREQUAL "NUMBER")
      message(FATAL_ERROR "'${path}.${key}' is not a number in\n${out}")
    endif()
  endforeach()
endfunction()

set(classic random_games_per_s us_per_action actions_per_game)
if(HEURISTIC)
  list(APPEND classic heuristic_games_per_s)
endif()
expect_numbers(classic "${classic}")
expect_numbers(search "rollout_steps_per_s")
string(JSON top LENGTH "${out}")
set(expected_top 3)
string(JSON hearth_type ERROR_VARIABLE no_hearth TYPE "${out}" hearth)
if(NOT no_hearth)
  expect_numbers(hearth "random_games_per_s;us_per_action;actions_per_game")
  set(expected_top 4)
endif()
if(NOT top EQUAL expected_top)
  message(FATAL_ERROR "unexpected top-level keys in\n${out}")
endif()
string(JSON bytes GET "${out}" bytes_per_game)
if(NOT bytes MATCHES "^[0-9]+$")
  message(FATAL_ERROR "bytes_per_game should be a whole number, got '${bytes}' in\n${out}")
endif()
