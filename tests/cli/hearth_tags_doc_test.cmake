# docs.HearthTagsTutorial (tests/cli/CMakeLists.txt): builds the tutorial pack of
# docs/hearth-tags.md from the doc itself, as a reader copies it — the ```yaml block that starts
# with "# ember-hearth/pack.yaml" is its manifest, the one with "hero:" its deck, every ```json
# block a card file — then `anvil pack validate` must find no error and no warning, and `anvil
# sim` must play the deck. (tests/plugins/tags/docs_test.cpp checks each card block alone.)
#
#   cmake -DANVIL=<anvil> -DDOC=<hearth-tags.md> -DWORK=<scratch> -P hearth_tags_doc_test.cmake
cmake_minimum_required(VERSION 3.25)

file(REMOVE_RECURSE ${WORK})
set(pack ${WORK}/ember-hearth)
file(MAKE_DIRECTORY ${pack}/cards ${pack}/decks ${WORK}/home)

# Every ```json block a card file; of the ```yaml blocks, the manifest and the deck.
include(${CMAKE_CURRENT_LIST_DIR}/fenced_blocks.cmake)
file(READ ${DOC} text)
fenced_blocks("${text}" json card)
set(cards ${card_count})
foreach(i IN LISTS card_indices)
  file(WRITE ${pack}/cards/block${i}.json "${card_${i}}\n")
endforeach()
fenced_blocks("${text}" yaml block)
foreach(i IN LISTS block_indices)
  if("${block_${i}}" MATCHES "^# ember-hearth/pack.yaml")
    file(WRITE ${pack}/pack.yaml "${block_${i}}\n")
  elseif("${block_${i}}" MATCHES "\nhero: ")
    file(WRITE ${pack}/decks/ember.yaml "${block_${i}}\n")
  endif()
endforeach()
foreach(file IN ITEMS pack.yaml decks/ember.yaml)
  if(NOT EXISTS ${pack}/${file})
    message(FATAL_ERROR "${DOC}: no ```yaml block for ${file}")
  endif()
endforeach()
if(cards EQUAL 0)
  message(FATAL_ERROR "${DOC} has no ```json block")
endif()

set(ENV{ANVIL_HOME} ${WORK}/home)
function(run expect)
  execute_process(COMMAND ${ANVIL} ${ARGN} WORKING_DIRECTORY ${WORK} RESULT_VARIABLE status
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0 OR NOT "${out}${err}" MATCHES "${expect}")
    message(FATAL_ERROR "anvil ${ARGN}: exit ${status}, expected 0 and '${expect}'\n"
                        "stdout:\n${out}\nstderr:\n${err}")
  endif()
endfunction()
run("ember-hearth: [0-9]+ cards, 0 errors, 0 warnings" pack validate ember-hearth)
run("10 games" --pack-dir ${WORK} sim --rules hearth --decks "Ember Rush,Ember Rush" --games 10
    --seed 1)
message(STATUS "${DOC}: ${cards} card blocks loaded and played")
