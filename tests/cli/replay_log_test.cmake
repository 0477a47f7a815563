# `anvil replay` prints a game turn by turn for either rules module: games of RULES are played by
# two ai-heuristic seats and saved, then each is replayed with its log; together the logs must
# show every kind of line in LINES (regexes separated by '|' are alternatives, ';' separates
# kinds), and each replay must end in its recorded state; no line may match a regex of NO_LINES
# (';'-separated). Optional: DECKS (`anvil sim --decks`), PACK_DIR (`--pack-dir`), GAMES (3) and
# SEED (21). In classic games, damage to a player is told
# before what it costs: each "X deals N damage to Pk" is followed at once by "Pk loses N life"
# (or, with infect, "Pk gets N poison counters"), also when several attackers deal combat damage
# at once and some are blocked.
#   cmake -DANVIL=<anvil> -DRULES=<classic|hearth> -DOUT=<dir> -DLINES=<regex;...> [-DDECKS=A,B]
#         [-DNO_LINES=<regex;...>] [-DPACK_DIR=<dir>] [-DGAMES=N] [-DSEED=N]
#         -P replay_log_test.cmake
file(REMOVE_RECURSE ${OUT})
set(packs "")  # for both sim and replay
if(DEFINED PACK_DIR)
  set(packs --pack-dir "${PACK_DIR}")
endif()
set(decks "")
if(DEFINED DECKS)
  set(decks --decks "${DECKS}")
endif()
if(NOT DEFINED GAMES)
  set(GAMES 3)
endif()
if(NOT DEFINED SEED)
  set(SEED 21)
endif()
execute_process(COMMAND ${ANVIL} sim --rules ${RULES} ${packs} ${decks} --agents ai-heuristic,ai-heuristic
                        --games ${GAMES} -j 1 --seed ${SEED} --json --save-replays ${OUT}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "anvil sim exited ${status}\n${out}\n${err}")
endif()
file(GLOB replays ${OUT}/*.json)
set(all "")
foreach(replay IN LISTS replays)
  execute_process(COMMAND ${ANVIL} replay ${replay} ${packs}
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
foreach(wrong IN LISTS NO_LINES)
  if(all MATCHES "${wrong}")
    message(FATAL_ERROR "a line matches '${wrong}', which none may, in the ${RULES} replays' logs "
                        "(${OUT}/logs.txt): ${CMAKE_MATCH_0}")
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
      # (Set here: ${CMAKE_MATCH_n} in the if() above is expanded before it matches.)
      set(next "${CMAKE_MATCH_3}")
      set(count "${CMAKE_MATCH_1}")
      if(count EQUAL 1)
        set(count "a")
      endif()
      # The life it cost, or with infect the poison counters it gave.
      set(told "^${CMAKE_MATCH_2} (loses ${CMAKE_MATCH_1} life |gets ${count} poison counters? )")
    endif()
    if(told STREQUAL "" OR NOT next MATCHES "${told}")
      message(FATAL_ERROR "damage to a player should be followed by the life it cost:\n${pair}"
                          "(${OUT}/logs.txt)")
    endif()
  endforeach()
endif()
