# `anvil replay` and the versions of the packs it was recorded with (tests/cli/CMakeLists.txt):
# a game recorded with pack `dig` 1.0.0 replays with 1.0.0 while 1.1.0 is installed beside it;
# once 1.0.0 is gone the error names the versions there are and how to install the one
# recorded; a 1.0.0 installed again with other cards is refused before playing, by the content
# digest each replay records per pack; a replay without digests (recorded before they were
# written) plays unchecked; a final hash that differs says what may be why.
#
#   cmake -DANVIL=<anvil> -DWORK=<scratch folder> -P replay_pack_versions_test.cmake
cmake_minimum_required(VERSION 3.25)

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/home)
set(ENV{ANVIL_HOME} ${WORK}/home)

# run(<exit> <regex or ""> <arg>...): runs anvil; its stdout+stderr is left in ${last}.
function(run expect_exit regex)
  execute_process(COMMAND ${ANVIL} ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  set(last "${out}${err}" PARENT_SCOPE)
  if(NOT status STREQUAL "${expect_exit}" OR NOT "${out}${err}" MATCHES "${regex}")
    message(FATAL_ERROR "anvil ${ARGN}\n  expected exit ${expect_exit} and output matching "
                        "'${regex}'\n  exit status: ${status}\n  output:\n${out}${err}")
  endif()
endfunction()

# write_pack(<folder> <version> <power>): a pack of one creature, and a deck of it and Forests.
function(write_pack dir version power)
  file(WRITE ${dir}/pack.yaml
       "name: dig\nversion: ${version}\nengine: \"*\"\nrules: classic\n"
       "requires:\n  packs: {classic-core: \"*\"}\n"
       "cards: [cards/*.yaml]\ndecks: [decks/*.yaml]\n")
  file(WRITE ${dir}/cards/bear.yaml
       "- name: Dig Bear\n  cost: \"{G}\"\n  types: Creature — Bear\n  power: ${power}\n"
       "  toughness: 2\n")
  file(WRITE ${dir}/decks/bears.yaml "name: Dig Bears\ncards:\n  - 24 Dig Bear\n  - 16 Forest\n")
endfunction()

write_pack(${WORK}/v100 1.0.0 2)
write_pack(${WORK}/v110 1.1.0 3)
write_pack(${WORK}/v100-changed 1.0.0 5)
set(game ${WORK}/replays/game-1.json)
run(0 "" pack install ${WORK}/v100)
run(0 "" sim --decks "dig:Dig Bears" --games 1 -j 1 --save-replays ${WORK}/replays)
file(READ ${game} text)
if(NOT text MATCHES "\"digest\": \"[0-9a-f]+\",[ \n]*\"name\": \"dig\",[ \n]*\"version\": \"1\\.0\\.0\"")
  message(FATAL_ERROR "the replay records no digest for pack dig:\n${text}")
endif()

# Installing a higher version keeps 1.0.0, which the replay uses.
run(0 "" pack install ${WORK}/v110)
run(0 "final state hash [0-9a-f]+ matches the recording" replay --quiet ${game})

run(0 "" pack remove dig --version 1.0.0)
run(1 "recorded with pack dig 1\\.0\\.0, but the only version of 'dig' found is 1\\.1\\.0; install 1\\.0\\.0 beside it to replay it .*anvil pack install PATH, PATH being the folder or archive of dig 1\\.0\\.0"
    replay --quiet ${game})

# The same version with other cards: refused before playing, naming both digests.
run(0 "" pack install ${WORK}/v100-changed)
run(1 "pack dig 1\\.0\\.0 is not the one the game was recorded with: its files changed without a new version \\(the recording's digest of the pack is [0-9a-f]+, the pack found now has [0-9a-f]+\\)"
    replay --quiet ${game})
if(last MATCHES "final state hash|Turn 1")
  message(FATAL_ERROR "the changed pack was played:\n${last}")
endif()

# A replay without digests plays unchecked: here to a decision the changed cards do not ask.
string(REGEX REPLACE "\"digest\": \"[0-9a-f]+\",[ \n]*" "" old "${text}")
file(WRITE ${WORK}/old.json "${old}")
run(1 "the replay did not play through .*\\(was the file edited, or recorded with other versions of its packs or plugins\\?\\)"
    replay --quiet ${WORK}/old.json)

# A final hash that differs says what may be why, as a game that does not play through does.
run(0 "" pack remove dig)
run(0 "" pack install ${WORK}/v100)
string(REGEX REPLACE "\"final_hash\": \"[0-9a-f]+\"" "\"final_hash\": \"0123456789abcdef\""
       edited "${text}")
file(WRITE ${WORK}/edited.json "${edited}")
run(1 "final state hash [0-9a-f]+ differs from the recorded 0123456789abcdef \\(was the file edited, or recorded with other versions of its packs or plugins\\?\\)"
    replay --quiet ${WORK}/edited.json)
