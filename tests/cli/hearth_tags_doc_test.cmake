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

# The bodies of DOC's fenced blocks of one language, found by searching the text (a CMake list
# would mangle ';' and '[' in them), written by `write(index body)`.
file(READ ${DOC} text)
function(each_block lang out_var)
  set(rest "${text}")
  set(open "\n```${lang}\n")
  string(LENGTH "${open}" open_length)
  set(found 0)
  while(TRUE)
    string(FIND "${rest}" "${open}" start)
    if(start EQUAL -1)
      break()
    endif()
    math(EXPR body_start "${start} + ${open_length}")
    string(SUBSTRING "${rest}" ${body_start} -1 rest)
    string(FIND "${rest}" "\n```\n" stop)
    if(stop EQUAL -1)
      message(FATAL_ERROR "${DOC}: a ```${lang} block is never closed")
    endif()
    string(SUBSTRING "${rest}" 0 ${stop} body)
    math(EXPR found "${found} + 1")
    if(lang STREQUAL "json")
      file(WRITE ${pack}/cards/block${found}.json "${body}\n")
    elseif(body MATCHES "^# ember-hearth/pack.yaml")
      file(WRITE ${pack}/pack.yaml "${body}\n")
    elseif(body MATCHES "\nhero: ")
      file(WRITE ${pack}/decks/ember.yaml "${body}\n")
    endif()
    string(SUBSTRING "${rest}" ${stop} -1 rest)
  endwhile()
  set(${out_var} ${found} PARENT_SCOPE)
endfunction()
each_block(json cards)
each_block(yaml yamls)
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
