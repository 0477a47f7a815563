# `anvil sim --json` when replays cannot be saved (each game's file name is taken by a folder): a
# failed game's "replay" is null with "replay_error" beside it, never a path-like text; the games
# that finished are counted on stderr; exit status 1.
#   cmake -DANVIL=<anvil> -DPLUGIN_DIR=<dir with test-bomb> -DOUT=<dir> -P sim_unsaved_replay_test.cmake
file(REMOVE_RECURSE ${OUT})
foreach(seed RANGE 11 20)
  file(MAKE_DIRECTORY ${OUT}/game-${seed}.json)
endforeach()
execute_process(COMMAND ${ANVIL} --plugin-dir ${PLUGIN_DIR} sim --games 10 -j 2 --seed 11
                        --agents ai-random,test-bomb --json --save-replays ${OUT}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 1)
  message(FATAL_ERROR "expected exit 1, got ${status}\n${out}\n${err}")
endif()
string(JSON failures LENGTH "${out}" failures)
if(failures EQUAL 0)
  message(FATAL_ERROR "expected failed games in\n${out}")
endif()
math(EXPR last "${failures} - 1")
foreach(i RANGE ${last})
  string(JSON type TYPE "${out}" failures ${i} replay)
  string(JSON why GET "${out}" failures ${i} replay_error)
  if(NOT type STREQUAL "NULL" OR NOT why MATCHES "^cannot write .*game-[0-9]+\\.json")
    message(FATAL_ERROR "failure ${i}: replay should be null with replay_error:\n${out}")
  endif()
endforeach()
string(JSON games GET "${out}" games)
if(NOT err MATCHES "${games} of the replays could not be saved, e\\.g\\. cannot write ")
  message(FATAL_ERROR "stderr should count the ${games} unsaved replays:\n${err}")
endif()
file(REMOVE_RECURSE ${OUT})
