# `anvil replay` prints a game turn by turn for either rules module: games of RULES are played by
# two ai-heuristic seats and saved, then each is replayed with its log; together the logs must
# show every kind of line in LINES (regexes separated by '|' are alternatives, ';' separates
# kinds), and each replay must end in its recorded state. In classic games, damage to a player
# is told before the life it costs: each "X deals N damage to Pk" is followed at once by "Pk
# loses N life" (the bundled decks have no infect, no armor).
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

if(RULES STREQUAL "classic")
  string(REGEX MATCHALL "deals [0-9]+ damage to P[12][^\n]*\n[^\n]*\n" pairs "${all}")
  list(LENGTH pairs n)
  if(n EQUAL 0)
    message(FATAL_ERROR "no damage to a player in the classic replays' logs (${OUT}/logs.txt)")
  endif()
  foreach(pair IN LISTS pairs)
    set(told "")
    if(pair MATCHES "^deals ([0-9]+) damage to (P[12])[^\n]*\n  ([^\n]*)\n$")
      # (A second if: ${CMAKE_MATCH_n} in the same if() would be expanded before this match.)
      set(told "${CMAKE_MATCH_2} loses ${CMAKE_MATCH_1} life ")
      string(FIND "${CMAKE_MATCH_3}" "${told}" at)
    endif()
    if(told STREQUAL "" OR NOT at EQUAL 0)
      message(FATAL_ERROR "damage to a player should be followed by the life it cost:\n${pair}"
                          "(${OUT}/logs.txt)")
    endif()
  endforeach()
endif()
