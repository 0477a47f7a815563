# `--json` output stays one JSON document when a pack holds bytes that are not UTF-8 (a Latin-1
# description, an unknown key spelt in Latin-1, a folder name from another system): the bytes
# are replaced by U+FFFD (json_text in cli/output.hpp), and the other packs are still listed.
#   cmake -DANVIL=<anvil> -DOUT=<dir> -P json_utf8_test.cmake
file(REMOVE_RECURSE ${OUT})
string(ASCII 233 latin1_e)  # é in Latin-1: one byte, 0xE9, never valid UTF-8 alone
set(dir "${OUT}/d${latin1_e}p${latin1_e}t")
file(WRITE "${dir}/nu/pack.yaml"
     "name: nu\nversion: 1.0.0\nengine: \"^0.1\"\nrules: classic\n"
     "description: caf${latin1_e}\ncards: [cards/*.yaml]\nk${latin1_e}y: 1\n")
file(WRITE "${dir}/nu/cards/c.yaml" "- name: Nu Bear\n  types: Creature\n  power: 2\n  toughness: 2\n")

foreach(command IN ITEMS "pack;list;--json" "pack;show;${dir}/nu;--json")
  execute_process(COMMAND ${ANVIL} --pack-dir ${dir} ${command}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  # pack show exits 1 (the unknown key is an error), pack list 0 (the error goes to stderr);
  # either way stdout is JSON.
  if(NOT status MATCHES "^[01]$")
    message(FATAL_ERROR "anvil ${command}: exit ${status}\n${out}\n${err}")
  endif()
  string(JSON kind ERROR_VARIABLE json_error TYPE "${out}")
  if(json_error OR NOT kind STREQUAL "OBJECT" OR NOT out MATCHES "d�p�t")
    message(FATAL_ERROR "anvil ${command}: stdout is not one JSON object with U+FFFD "
                        "(${json_error}):\n${out}")
  endif()
endforeach()
