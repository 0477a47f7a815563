# Failed games saved in the default folder ($ANVIL_HOME/replays) never replace another run's: the
# same failing run twice leaves game-SEED.json and game-SEED-2.json, each named in its run's
# JSON, and each replays to its recorded failure.
#   cmake -DANVIL=<anvil> -DPLUGIN_DIR=<dir with test-bomb> -DHOME=<dir> -P failure_replays_test.cmake
file(REMOVE_RECURSE ${HOME})
set(ENV{ANVIL_HOME} ${HOME})
set(saved "")
foreach(run 1 2)
  execute_process(COMMAND ${ANVIL} --plugin-dir ${PLUGIN_DIR} sim --games 1 -j 1 --seed 40
                          --agents test-bomb,ai-random --json
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(JSON replay ERROR_VARIABLE e GET "${out}" failures 0 replay)
  if(NOT status EQUAL 1 OR e)
    message(FATAL_ERROR "run ${run}: expected one failed game, got ${status}:\n${out}\n${err}")
  endif()
  list(APPEND saved "${replay}")
endforeach()
list(GET saved 0 first)
list(GET saved 1 second)
if(NOT first STREQUAL "${HOME}/replays/game-40.json" OR
   NOT second STREQUAL "${HOME}/replays/game-40-2.json")
  message(FATAL_ERROR "expected game-40.json then game-40-2.json, got:\n${first}\n${second}")
endif()
foreach(file IN LISTS saved)
  execute_process(COMMAND ${ANVIL} --plugin-dir ${PLUGIN_DIR} replay --quiet ${file}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT out MATCHES "the recorded game failed: ")
    message(FATAL_ERROR "replay ${file} (${status}):\n${out}\n${err}")
  endif()
endforeach()
