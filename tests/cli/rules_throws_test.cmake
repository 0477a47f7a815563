# `anvil sim` and `anvil replay` of games whose rules module throws 42, not a std::exception
# (test-rules-throws, plugins/rules_throws.cpp: seeds 1 and 5 of 4 throw in advance(), 2 and 6
# in setup()). Each such game is a failure naming the rules module, with a replay that fails the
# same way; the other games finish and replay to their recorded hash.
#   cmake -DANVIL=<anvil> -DARGS=<plugin and pack options, ;-list> -DOUT=<dir> -P rules_throws_test.cmake
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${ANVIL} ${ARGS} sim --rules test-throws --games 8 -j 2 --seed 1 --json
                        --save-replays ${OUT}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 1)
  message(FATAL_ERROR "expected exit 1 with failed games, got ${status}\n${out}\n${err}")
endif()
set(why "the rules module threw something that is not a std::exception")
set(expected 1 "${why}" 2 "setting up the game failed: ${why}" 5 "${why}"
             6 "setting up the game failed: ${why}")
string(JSON failures LENGTH "${out}" failures)
if(NOT failures EQUAL 4)
  message(FATAL_ERROR "expected the games of seeds 1, 2, 5 and 6 to fail:\n${out}")
endif()
foreach(i RANGE 3)
  math(EXPR at "2 * ${i}")
  math(EXPR at_error "${at} + 1")
  list(GET expected ${at} want_seed)
  list(GET expected ${at_error} want_error)
  string(JSON seed GET "${out}" failures ${i} seed)
  string(JSON error GET "${out}" failures ${i} error)
  string(JSON replay GET "${out}" failures ${i} replay)
  if(NOT seed EQUAL want_seed OR NOT error STREQUAL want_error OR NOT EXISTS "${replay}")
    message(FATAL_ERROR "failure ${i}: expected seed ${want_seed}, '${want_error}' and a replay:\n${out}")
  endif()
  execute_process(COMMAND ${ANVIL} ${ARGS} replay --quiet ${replay}
                  RESULT_VARIABLE status OUTPUT_VARIABLE rout ERROR_VARIABLE rerr)
  if(NOT status EQUAL 1 OR NOT rout MATCHES "replayed to: the same failure")
    message(FATAL_ERROR "the replay of seed ${seed} should fail the same way (exit 1):\n${status}\n${rout}\n${rerr}")
  endif()
endforeach()
foreach(seat 0 1)
  string(JSON w GET "${out}" seats ${seat} wins)
  string(JSON l GET "${out}" seats ${seat} losses)
  string(JSON d GET "${out}" seats ${seat} draws)
  math(EXPR total "${w} + ${l} + ${d}")
  if(NOT total EQUAL 4)
    message(FATAL_ERROR "seat ${seat}: the 4 other games should have finished:\n${out}")
  endif()
endforeach()
foreach(seed 3 4 7 8)
  execute_process(COMMAND ${ANVIL} ${ARGS} replay --quiet ${OUT}/game-${seed}.json
                  RESULT_VARIABLE status OUTPUT_VARIABLE rout ERROR_VARIABLE rerr)
  if(NOT status EQUAL 0 OR NOT rout MATCHES "matches the recording")
    message(FATAL_ERROR "the replay of seed ${seed} should match (exit 0):\n${status}\n${rout}\n${rerr}")
  endif()
endforeach()
