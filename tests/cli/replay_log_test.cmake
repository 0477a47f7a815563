# `anvil replay` prints a game turn by turn for either rules module: games of RULES are played by
# two ai-heuristic seats and saved, then each is replayed with its log; together the logs must
# show every kind of line in LINES (regexes separated by '|' are alternatives, ';' separates
# kinds), and each replay must end in its recorded state.
#   cmake -DANVIL=<anvil> -DRULES=<classic|hearth> -DOUT=<dir> -DLINES=<regex;...> -P replay_log_test.cmake
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${ANVIL} sim --rules ${RULES} --agents ai-heuristic,ai-heuristic --games 3
                        -j 1 --seed 21 --json --save-replays ${OUT}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "anvil sim exited ${status}\n${out}\n${err}")
endif()
file(GLOB replays ${OUT}/*.json)
set(all "")
foreach(replay IN LISTS replays)
  execute_process(COMMAND ${ANVIL} replay ${replay}
                  RESULT_VARIABLE status OUTPUT_VARIABLE rout ERROR_VARIABLE rerr)
  if(NOT status EQUAL 0 OR NOT rout MATCHES "final state hash [0-9a-f]+ matches the recording")
    message(FATAL_ERROR "replay of ${replay} failed (${status}):\n${rout}\n${rerr}")
  endif()
  string(APPEND all "${rout}")
endforeach()
file(WRITE ${OUT}/logs.txt "${all}")
foreach(kind IN LISTS LINES)
  if(NOT all MATCHES "${kind}")
    message(FATAL_ERROR "no line matching '${kind}' in the ${RULES} replays' logs (${OUT}/logs.txt)")
  endif()
endforeach()
