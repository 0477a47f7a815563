# `anvil play --save-replay FILE`: a person's game saved as it was finally played, and played
# again by `anvil replay` to its recorded final state hash (docs/cli.md, "anvil play").
#   cmake -DANVIL=<anvil> -DCASE=<case> -DWORK=<dir> [-DPLUGIN_DIR=<dir>] -P play_replay_test.cmake
# Cases:
#   WholeGame     a scripted person plays a whole game (classic, then hearth); the replay names
#                 the person "person" and the agent by name, and replays to its hash; a
#                 concession added to it is never reached, and refused;
#   UndoAndSwap   decisions taken back with `undo` (one answered otherwise) and `ai ai-random`
#                 mid-game: the replay holds the decisions as finally made, ai-random's after
#                 the swap, and replays to its hash;
#   Conceded      a game conceded at a question, and one whose input ends (going second, the
#                 person player 1): replayed, the concession applied where it was made, said,
#                 and the hash checked;
#   AgentFailsConceded  (test-bomb) the opponent's agent fails, the game is taken back to the
#                 start of that step and the person concedes there: replayed to the same hash;
#                 and the person seats ai-random instead and plays on: replayed to its hash;
#   PluginFails   (test-throwing-step) a spell of the person's fails as it resolves, the game is
#                 taken back to the person's decision and goes on: replayed to its hash;
#   FailsFirst    (test-throwing-step) the agent's spell fails before the person's first
#                 decision: the session ends with the error (exit 1), the replay is saved with it
#                 and replays to the same failure;
#   BadPath       a folder, a folder that is not there, a path under a file, a file that cannot
#                 be written: refused before the game, as bad usage (exit 2);
#   Tampered      a conceded game's recording changed: refused as a sim replay's is.
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/play_setup.cmake)  # ${WORK}, `cycle` and the default game

# Plays with `input`, saving the replay in ${WORK}/${name}.json; expects exit status `expected`.
function(play name input expected)
  file(WRITE ${WORK}/${name}-input.txt "${input}")
  execute_process(COMMAND ${ANVIL} ${global} play --deck "${deck}" --vs-deck "${vs_deck}"
                          --seed ${seed} ${more} --save-replay ${WORK}/${name}.json
                  INPUT_FILE ${WORK}/${name}-input.txt
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  file(WRITE ${WORK}/${name}-output.txt "${out}")
  if(NOT status EQUAL expected)
    message(FATAL_ERROR "${name}: anvil play exited ${status}, not ${expected}\n${err}\n"
                        "(output in ${WORK}/${name}-output.txt)")
  endif()
  if(NOT EXISTS ${WORK}/${name}.json)
    message(FATAL_ERROR "${name}: no replay saved (output in ${WORK}/${name}-output.txt)")
  endif()
  file(READ ${WORK}/${name}.json json)
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
  set(json "${json}" PARENT_SCOPE)
endfunction()

# Replays ${WORK}/${name}.json; expects exit status `expected`.
function(replay name expected)
  execute_process(COMMAND ${ANVIL} ${global} replay ${WORK}/${name}.json
                  RESULT_VARIABLE status OUTPUT_VARIABLE rout ERROR_VARIABLE rerr)
  file(WRITE ${WORK}/${name}-replayed.txt "${rout}")
  if(NOT status EQUAL expected)
    message(FATAL_ERROR "${name}: anvil replay exited ${status}, not ${expected}:\n${rerr}\n"
                        "(output in ${WORK}/${name}-replayed.txt)")
  endif()
  set(rout "${rout}" PARENT_SCOPE)
  set(rerr "${rerr}" PARENT_SCOPE)
endfunction()

function(expect text regex why)
  if(NOT text MATCHES "${regex}")
    message(FATAL_ERROR "${why}: no match for '${regex}' in:\n${text}")
  endif()
endfunction()

# The agent names that decided, in the order of the recorded decisions, as one string.
function(deciders json outvar)
  string(JSON n LENGTH "${json}" decisions)
  math(EXPR last "${n} - 1")
  set(names "")
  foreach(i RANGE 0 ${last})
    string(JSON agent GET "${json}" decisions ${i} agent)
    string(APPEND names "${agent} ")
  endforeach()
  set(${outvar} "${names}" PARENT_SCOPE)
endfunction()

# The replay plays through to the recorded hash, saying so.
macro(expect_replays name)
  replay(${name} 0)
  string(JSON hash GET "${json}" final_hash)
  expect("${rout}" "\nfinal state hash ${hash} matches the recording\n"
         "${name}: the replay should end in the recorded state")
endmacro()

if(CASE STREQUAL "WholeGame")
  play(whole "${cycle}" 0)
  expect("${out}" "\nResult: (you won|you lost|a draw) in turn [0-9]+ \\(your opponent: ai-heuristic\\)\\.\nReplay saved to [^\n]*/whole\\.json "
         "the game ends by the rules and the replay's path follows the result line")
  string(JSON agents GET "${json}" agents)
  expect("${agents}" "^\\[ *\"person\", *\"ai-heuristic\" *\\]$" "the seats: the person, then the agent")
  deciders("${json}" who)
  expect("${who}" "^(person |ai-heuristic )+$" "each decision says who made it")
  expect("${who}" "person " "the person's decisions are recorded")
  expect("${who}" "ai-heuristic " "the agent's decisions are recorded")
  string(JSON options GET "${json}" options mulligans)
  expect("${options}" "^1$" "the settings play started the game with are recorded")
  expect_replays(whole)
  expect("${rout}" "^P1: person playing classic-burn:Goblin Burn\nP2: ai-heuristic playing classic-burn:Rakdos Drain\n"
         "the replay names who played which deck")
  # A concession added to a game that ended by the rules is never reached: refused.
  string(JSON tampered SET "${json}" conceded "{\"player\": 0, \"at\": \"decision\"}")
  file(WRITE ${WORK}/whole-conceded.json "${tampered}")
  replay(whole-conceded 1)
  expect("${rerr}" "did not play through after its last decision \\([0-9]+\\): the game ended before player 0 conceded it"
         "a concession the game never reached is refused")
  # A hearth game, whose minions' places are asked once a play is picked: the picks recorded
  # are the rules module's options, and replay.
  set(deck "Basic Weapon Warrior")
  set(vs_deck "Basic Spell Mage")
  set(more --rules hearth)
  set(seed 3)
  play(hearth "${cycle}" 0)
  expect("${out}" "\nPut [^\n]* on your board:\n" "the person is asked where a minion goes")
  expect("${out}" "\nResult: [^\n]*\nReplay saved to " "the hearth game ends and is saved")
  expect_replays(hearth)
elseif(CASE STREQUAL "UndoAndSwap")
  set(more --option mulligans=0)
  # A land played, taken back and another decision made instead ("2": another option, or an
  # error and the cycle's next answer); then the opponent's agent swapped mid-game.
  set(some "")
  foreach(i RANGE 1 6)
    string(APPEND some "none\n1\n1 2\n")
  endforeach()
  play(undo "1\nundo\n2\n${some}undo\nai ai-random\n${cycle}" 0)
  expect("${out}" "\nUndone: back to your decision in turn 1, main1\\.\n" "the first undo is made")
  expect("${out}" "\nYour opponent is now played by ai-random\\.\n" "the swap is made")
  expect("${out}" "\nResult: [^\n]*\\(your opponent: ai-random\\)\\.\nReplay saved to "
         "the game ends with ai-random and the replay is saved")
  deciders("${json}" who)
  expect("${who}" "^(person |ai-heuristic )+(person )+ai-random (person |ai-random )*$"
         "ai-heuristic decides before the swap and ai-random after it")
  expect_replays(undo)
elseif(CASE STREQUAL "Conceded")
  set(more --option mulligans=0)
  play(conceded "1\n1\n1\n1\nconcede\n" 0)
  expect("${out}" "\nResult: you conceded in turn ([0-9]+) [^\n]*\nReplay saved to " "the concession")
  string(REGEX MATCH "you conceded in turn ([0-9]+)" _ "${out}")
  set(turn ${CMAKE_MATCH_1})
  string(JSON conceded GET "${json}" conceded)
  expect("${conceded}" "\"player\" *: *0" "the file records who conceded")
  expect("${conceded}" "\"at\" *: *\"decision\"" "and that it was at a question")
  expect_replays(conceded)
  expect("${rout}" "\nP1 concedes\nafter ${turn} turns?: P1 lost \\(conceded\\), P2 won\n"
         "the replay says who conceded, in the turn they did")
  replay(conceded 0)
  # The end of input, going second: the concession is player 1's.
  set(more --option mulligans=0 --second)
  play(input-ends "1\n1\n" 0)
  expect("${out}" "\\(end of input: conceding\\)\nResult: you conceded [^\n]*\nReplay saved to "
         "the end of input concedes and the replay is saved")
  string(JSON agents GET "${json}" agents)
  expect("${agents}" "^\\[ *\"ai-heuristic\", *\"person\" *\\]$" "going second, the person is seat 1")
  expect_replays(input-ends)
  expect("${rout}" "\nP2 concedes\nafter [0-9]+ turns?: P1 won, P2 lost \\(conceded\\)\n"
         "the concession is player 1's")
elseif(CASE STREQUAL "AgentFailsConceded")
  # test-bomb throws at its third decision (play_test.cmake, AgentFails); then `concede`.
  set(global --plugin-dir ${PLUGIN_DIR})
  set(more --vs test-bomb --option mulligans=0)
  play(bomb "none\n1\n1 2\nnone\n1\n1 2\nnone\n1\n1 2\nnone\n1\n1 2\nconcede\n" 0)
  expect("${out}" "the bomb went off\n" "the agent fails")
  expect("${out}" "\n> concede\nResult: you conceded in turn 2 [^\n]*\nReplay saved to "
         "the person concedes after the failure")
  string(JSON at GET "${json}" conceded at)
  expect("${at}" "^advance$" "the concession comes with the failed step taken back")
  expect_replays(bomb)
  expect("${rout}" "\nP1 concedes, the game taken back to where its last step began "
         "the replay says the step was taken back")
  # The same failure, then ai-random seated and the game played to its end: the decisions
  # taken back are not in the replay, ai-random's are.
  play(reseated "none\n1\n1 2\nnone\n1\n1 2\nnone\n1\n1 2\nnone\n1\n1 2\nai ai-random\n${cycle}" 0)
  expect("${out}" "the bomb went off\n.*\n> ai ai-random\nYour opponent is now played by ai-random"
         "another agent is seated")
  expect("${out}" "\nResult: [^\n]*\\(your opponent: ai-random\\)\\.\nReplay saved to "
         "the game ends with it")
  deciders("${json}" who)
  expect("${who}" "^(person |test-bomb )+ai-random (person |ai-random )*$"
         "test-bomb decides before its failure and ai-random after it")
  expect_replays(reseated)
elseif(CASE STREQUAL "PluginFails" OR CASE STREQUAL "FailsFirst")
  # Faulty Bolt (data/failing-plugin-packs) fails as it resolves (play_test.cmake, PluginFails).
  file(COPY ${PLUGIN_DIR}/test-throwing-step.so DESTINATION ${WORK}/plugins)
  set(global --plugin-dir ${WORK}/plugins --pack-dir ${CMAKE_CURRENT_LIST_DIR}/data/failing-plugin-packs)
  set(deck "Faulty Bolts")
  set(vs_deck "Faulty Bolts")
  set(seed 1)
  if(CASE STREQUAL "PluginFails")
    set(more --option mulligans=0)
    play(faulty "1\n1\n1\nskip\n${cycle}" 0)
    expect("${out}" "\nThe game cannot go on from there: it is taken back to your decision"
           "the person's spell fails and the game is taken back")
    expect("${out}" "\nResult: [^\n]*\nReplay saved to " "the game goes on to its end")
    expect_replays(faulty)
  else()
    # Going second, ai-random casts a Faulty Bolt in its first turn, before the person's first
    # decision.
    set(more --option mulligans=0 --second --vs ai-random)
    play(first "${cycle}" 1)
    expect("${err}" "anvil: error: plugin 'test-throwing-step' failed" "the session ends with the failure")
    expect("${out}" "\nReplay saved to [^\n]*/first\\.json " "the failed game's replay is saved")
    string(JSON error GET "${json}" error)
    expect("${error}" "test-throwing-step" "the replay holds the failure")
    replay(first 1)
    expect("${rout}" "\nthe recorded game failed: [^\n]*test-throwing-step[^\n]*\nreplayed to: the same failure\n"
           "the replay fails the same way")
  endif()
elseif(CASE STREQUAL "BadPath")
  file(MAKE_DIRECTORY ${WORK}/a-folder)
  file(WRITE ${WORK}/a-file "")
  foreach(bad IN ITEMS "a-folder" "no-folder/game.json" "a-file/game.json")
    execute_process(COMMAND ${ANVIL} play --deck "${deck}" --save-replay ${WORK}/${bad}
                    INPUT_FILE ${WORK}/a-file
                    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT status EQUAL 2 OR out MATCHES "You play" OR NOT err MATCHES "--save-replay: ")
      message(FATAL_ERROR "--save-replay ${bad}: expected a refusal before the game (exit 2), "
                          "got ${status}:\n${out}\n${err}")
    endif()
    set(errors "${errors}${err}")
  endforeach()
  expect("${errors}" "'[^']*/a-folder' is a folder; name a file" "a folder is refused as such")
  expect("${errors}" "there is no folder '[^']*/no-folder'" "a missing folder is named")
  expect("${errors}" "there is no folder '[^']*/a-file'" "a file is no folder")
  # A file the system will not let anyone write, root included (whose permission bits pass).
  execute_process(COMMAND ${ANVIL} play --deck "${deck}" --save-replay /proc/anvil-game.json
                  INPUT_FILE ${WORK}/a-file
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 2 OR out MATCHES "You play"
     OR NOT err MATCHES "--save-replay: cannot write '/proc/anvil-game.json': ")
    message(FATAL_ERROR "an unwritable --save-replay: expected a refusal before the game (exit 2), "
                        "got ${status}:\n${out}\n${err}")
  endif()
  if(EXISTS ${WORK}/no-folder)
    message(FATAL_ERROR "a refused --save-replay made a folder")
  endif()
elseif(CASE STREQUAL "Tampered")
  set(more --option mulligans=0)
  play(original "1\n1\n1\n1\nconcede\n" 0)
  expect_replays(original)
  function(expect_refused name tampered regex)
    file(WRITE ${WORK}/${name}.json "${tampered}")
    replay(${name} 1)
    expect("${rerr}" "${regex}" "${name}: the tampered recording is refused")
    if(rout MATCHES "matches the recording")
      message(FATAL_ERROR "${name}: a tampered recording replayed as if whole:\n${rout}")
    endif()
  endfunction()
  string(JSON tampered SET "${json}" conceded player 5)
  expect_refused(no-seat "${tampered}" "\"conceded\": \"player\" 5 is no seat of a game of 2 decks")
  string(JSON tampered SET "${json}" conceded at "\"later\"")
  expect_refused(bad-at "${tampered}" "\"conceded\": \"at\" must be \"decision\" or \"advance\", not \"later\"")
  string(JSON tampered REMOVE "${json}" conceded)
  expect_refused(not-conceded "${tampered}" "did not play through after its last decision \\([0-9]+\\): agent 'replay' has no answer left")
  string(JSON tampered SET "${json}" conceded player 1)
  expect_refused(other-seat "${tampered}" "did not play through after its last decision \\([0-9]+\\): agent 'replay' has no answer left")
  string(JSON n LENGTH "${json}" decisions)
  math(EXPR last "${n} - 1")
  string(JSON tampered REMOVE "${json}" decisions ${last})
  expect_refused(one-less "${tampered}" "recording|differs|no answer left")
  string(JSON tampered SET "${json}" outcome "[\"won\", \"lost\"]")
  expect_refused(outcome "${tampered}" "but the recording says after [0-9]+ turns?: P1 won \\(conceded\\), P2 lost")
else()
  message(FATAL_ERROR "unknown case '${CASE}'")
endif()
