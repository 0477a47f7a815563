# `anvil play --save-replay` through symlinks: a link to this process's stdout (as /dev/stdout
# is) while stdout goes to a file gets the replay after the game's transcript, and stays a link
# (it was renamed over: a system's /dev/stdout became a file); a link to a regular file stays a
# link, and the file it leads to holds the replay.
#   cmake -DANVIL=<anvil> -DINPUT=<concede.txt> -DOUT=<dir> -P save_replay_link_test.cmake
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
file(CREATE_LINK /proc/self/fd/1 ${OUT}/stdout-link SYMBOLIC)
execute_process(COMMAND ${ANVIL} play --deck "Goblin Burn" --seed 3 --save-replay ${OUT}/stdout-link
                INPUT_FILE ${INPUT} OUTPUT_FILE ${OUT}/transcript.txt ERROR_VARIABLE err
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "anvil play exited ${status}: ${err}")
endif()
if(NOT IS_SYMLINK ${OUT}/stdout-link)
  message(FATAL_ERROR "the link to stdout was replaced by a file")
endif()
file(READ ${OUT}/transcript.txt transcript)
if(NOT transcript MATCHES "^You play classic-burn:Goblin Burn.*\n{\n \"agents\".*\"anvil_replay\"")
  message(FATAL_ERROR "the transcript should begin the file and the replay follow it:\n${transcript}")
endif()

file(WRITE ${OUT}/kept.json "an older file\n")
file(CREATE_LINK kept.json ${OUT}/file-link SYMBOLIC)
execute_process(COMMAND ${ANVIL} play --deck "Goblin Burn" --seed 3 --save-replay ${OUT}/file-link
                INPUT_FILE ${INPUT} OUTPUT_QUIET ERROR_VARIABLE err RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT IS_SYMLINK ${OUT}/file-link)
  message(FATAL_ERROR "a link to a file should stay a link (exit ${status}): ${err}")
endif()
file(READ ${OUT}/kept.json kept)
if(NOT kept MATCHES "\"anvil_replay\"")
  message(FATAL_ERROR "the file the link leads to should hold the replay:\n${kept}")
endif()
file(REMOVE_RECURSE ${OUT})
