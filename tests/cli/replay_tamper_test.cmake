# `anvil replay` refuses a recording that does not match what it replays, and a field of the
# wrong kind: one classic game is saved by `anvil sim`, then copies with one field changed are
# replayed, each expected to exit 1 with its own message and no result line on stdout when
# nothing was played. `anvil sim` refuses a --save-replays that is no folder before playing.
#   cmake -DANVIL=<anvil> -DOUT=<dir> [-DHEARTH=ON] -P replay_tamper_test.cmake
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
execute_process(COMMAND ${ANVIL} sim --games 1 -j 1 --seed 5 --save-replays ${OUT}/saved
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "anvil sim exited ${status}\n${out}\n${err}")
endif()
file(READ ${OUT}/saved/game-5.json original)

# Replays FILE, expecting exit 1 and stderr matching ERR; stdout must not match NOT_OUT.
function(expect_refused name json err not_out)
  file(WRITE ${OUT}/${name}.json "${json}")
  execute_process(COMMAND ${ANVIL} replay --quiet ${OUT}/${name}.json
                  RESULT_VARIABLE status OUTPUT_VARIABLE rout ERROR_VARIABLE rerr)
  if(NOT status EQUAL 1 OR NOT rerr MATCHES "${err}")
    message(FATAL_ERROR "${name}: expected exit 1 and '${err}', got ${status}:\n${rout}\n${rerr}")
  endif()
  if(NOT not_out STREQUAL "" AND rout MATCHES "${not_out}")
    message(FATAL_ERROR "${name}: stdout should not match '${not_out}':\n${rout}")
  endif()
endfunction()

string(JSON turns GET "${original}" turns)
math(EXPR more_turns "${turns} + 7")
string(JSON tampered SET "${original}" turns "${more_turns}")
expect_refused(turns "${tampered}" "the game ended after [0-9]+ turns.*but the recording says after ${more_turns} turns" "")

string(JSON tampered SET "${original}" seed "1.5")
expect_refused(float-seed "${tampered}" "\"seed\" must be a whole number, not 1.5" "after")
string(JSON tampered SET "${original}" seed "-1")
expect_refused(negative-seed "${tampered}" "\"seed\" must be a whole number, not -1" "after")
# A format number no int holds (nlohmann's conversion of it was undefined behaviour: fuzz_replay).
string(JSON tampered SET "${original}" anvil_replay "1e300")
expect_refused(huge-format "${tampered}" "not an Anvil replay" "after")
string(JSON tampered SET "${original}" anvil_replay "2")
expect_refused(other-format "${tampered}" "not an Anvil replay" "after")

# "rules" edited: the decks are the classic rules', which the replay does not ask to add
# --rules (replay has no such option).
if(HEARTH)
  string(JSON tampered SET "${original}" rules "\"hearth\"")
  expect_refused(other-rules "${tampered}" "is a deck for the classic rules, not for the replay's \"rules\" \\(hearth\\)" "after")
endif()

# Edits the reader refuses by name: an outcome that is no outcome, a pack listed twice, a key
# given twice (which a JSON reader would otherwise take the last of, silently).
string(JSON tampered SET "${original}" outcome 1 "\"meh\"")
expect_refused(meh-outcome "${tampered}" "\"outcome\" holds 'meh', which is none of won, lost, drew, playing" "after")
string(JSON first_pack GET "${original}" packs 0)
string(JSON pack_count LENGTH "${original}" packs)
string(JSON tampered SET "${original}" packs ${pack_count} "${first_pack}")
expect_refused(pack-twice "${tampered}" "pack '[^']+' is listed twice in \"packs\"" "after")
# "packs" reordered: the order the game loaded them in decides the cards' ids, so another order
# plays the game to another hash (it did so, and said only that the hash differed). The default
# decks are both classic-burn's, which requires classic-core: loaded as classic-core, classic-burn.
string(JSON second_pack GET "${original}" packs 1)
string(JSON tampered SET "${original}" packs 0 "${second_pack}")
string(JSON tampered SET "${tampered}" packs 1 "${first_pack}")
expect_refused(packs-reordered "${tampered}" "packs-reordered\\.json: \"packs\" is not in the order the game loaded them \\(classic-burn, classic-core\\): a game of these decks loads classic-core, classic-burn, each pack after those it requires" "after")
string(REGEX REPLACE "\"seed\": *5," "\"seed\": 5, \"seed\": 6," tampered "${original}")
expect_refused(seed-twice "${tampered}" "the key \"seed\" is given twice in one object" "after")

string(JSON decisions LENGTH "${original}" decisions)
string(JSON last GET "${original}" decisions 0)
string(JSON tampered SET "${original}" decisions ${decisions} "${last}")
expect_refused(extra-decision "${tampered}" "1 of the recorded decisions unused" "")

# An answer changed: the error names the decision of the file it stopped at.
string(JSON tampered SET "${original}" decisions 0 picks "[99]")
expect_refused(bad-pick "${tampered}" "did not play through at its decision 1 of ${decisions}: agent 'replay' gave an invalid answer to '[^']+': option 99 does not exist \\(was the file edited" "")
# Decisions cut short: the game asks once more after the last.
string(JSON first GET "${original}" decisions 0)
string(JSON tampered SET "${original}" decisions "[${first}]")
expect_refused(one-decision "${tampered}" "did not play through after its last decision \\(1\\): agent 'replay' has no answer left for" "")

string(JSON tampered SET "${original}" decisions 0 player "5")
expect_refused(no-seat "${tampered}" "\"player\" 5 is no seat of a game of 2 decks" "after")

# "agents" and "decks" hold one entry per seat: a list of another length was accepted (the
# header then showed "P2: ?"), and "decks" cut short was blamed on a decision's player.
string(JSON tampered SET "${original}" agents "[]")
expect_refused(no-agents "${tampered}" "the replay: \"agents\" has 0 entries, but \"decks\" has 2 and the decisions are of 2 players: \"agents\" needs one entry per seat" "after")
string(JSON tampered SET "${original}" agents "[\"ai-random\"]")
expect_refused(one-agent "${tampered}" "\"agents\" has 1 entry, but \"decks\" has 2" "after")
string(JSON tampered SET "${original}" agents "[\"a\", \"b\", \"c\"]")
expect_refused(three-agents "${tampered}" "\"agents\" has 3 entries, but \"decks\" has 2" "after")
string(JSON first_deck GET "${original}" decks 0)
string(JSON tampered SET "${original}" decks "[\"${first_deck}\"]")
expect_refused(one-deck "${tampered}" "\"decks\" has 1 entry, but \"agents\" has 2 and the decisions are of 2 players: \"decks\" needs one entry per seat" "after")

# A decision given to the other player: refused at that decision, naming both (it was reported
# later, at the next decision of the wrong kind, about another question).
string(JSON first_player GET "${original}" decisions 0 player)
math(EXPR other_player "1 - ${first_player}")
math(EXPR asked "${first_player} + 1")
math(EXPR says "${other_player} + 1")
string(JSON tampered SET "${original}" decisions 0 player "${other_player}")
expect_refused(player-swapped "${tampered}" "did not play through at its decision 1 of ${decisions}: decision 1 of \"decisions\": the game asked P${asked} \\('[^']+'\\), the recording says P${says}" "")

# A pack nowhere to be found: perhaps one of a --pack-dir, which the error says to give again.
string(JSON tampered SET "${original}" packs 0 name "\"elsewhere\"")
expect_refused(unknown-pack "${tampered}" "recorded with pack elsewhere [0-9.]+, but no such pack is installed or bundled; if it was found through --pack-dir.*anvil --pack-dir DIR replay FILE" "after")

string(JSON tampered SET "${original}" packs "[]")
expect_refused(no-packs "${tampered}" "did not play through: setting up the game failed" "after")

string(JSON tampered SET "${original}" options "[1]")
expect_refused(options-list "${tampered}" "\"options\" must be an object of settings, not \\[1\\]" "after")
string(JSON tampered SET "${original}" options "{\"mulligans\": 1}")
expect_refused(option-number "${tampered}" "option \"mulligans\" must be a string, not 1" "after")
# A setting the recording did not have changes the game: refused, however it was played.
string(JSON tampered SET "${original}" options "{\"max_turns\": \"1\"}")
expect_refused(option-added "${tampered}" "recording" "")

# The original still replays.
execute_process(COMMAND ${ANVIL} replay --quiet ${OUT}/saved/game-5.json
                RESULT_VARIABLE status OUTPUT_VARIABLE rout ERROR_VARIABLE rerr)
if(NOT status EQUAL 0 OR NOT rout MATCHES "matches the recording")
  message(FATAL_ERROR "the saved replay did not replay (${status}):\n${rout}\n${rerr}")
endif()

file(WRITE ${OUT}/concede.txt "concede\n")

# --save-replays into a file: refused before any game, with exit 1.
file(WRITE ${OUT}/a-file "")
execute_process(COMMAND ${ANVIL} sim --games 2 -j 1 --save-replays ${OUT}/a-file/sub
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 1 OR NOT err MATCHES "--save-replays: cannot use '.*a-file/sub' as a folder"
   OR out MATCHES "games/s")
  message(FATAL_ERROR "--save-replays into a file: expected a refusal, got ${status}:\n${out}\n${err}")
endif()

# A folder no file can be made in (/proc, even for root): refused before any game too. Before,
# every game was played and then every replay reported unsaved.
execute_process(COMMAND ${ANVIL} sim --games 2 -j 1 --save-replays /proc
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 1 OR NOT err MATCHES "--save-replays: cannot write in '/proc'"
   OR out MATCHES "games/s")
  message(FATAL_ERROR "--save-replays /proc: expected a refusal, got ${status}:\n${out}\n${err}")
endif()

# A replay saved over another is written whole or not at all: `anvil play --save-replay` to a
# device that is always full reports it (exit 1) and does not say it saved.
execute_process(COMMAND ${ANVIL} play --deck "Goblin Burn" --vs ai-random --save-replay /dev/full
                INPUT_FILE ${OUT}/concede.txt
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 1 OR NOT err MATCHES "the replay was not saved: cannot write /dev/full"
   OR out MATCHES "Replay saved")
  message(FATAL_ERROR "--save-replay /dev/full: expected exit 1 and the error, got ${status}:\n${out}\n${err}")
endif()

# An empty --save-replays (an unset shell variable, most likely) is bad usage, not the default
# folder.
execute_process(COMMAND ${ANVIL} sim --games 2 -j 1 --save-replays ""
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 2 OR NOT err MATCHES "--save-replays: the folder name is empty"
   OR out MATCHES "games/s")
  message(FATAL_ERROR "--save-replays \"\": expected bad usage, got ${status}:\n${out}\n${err}")
endif()

# More threads than the system gives: the games still play (-j is capped).
execute_process(COMMAND ${ANVIL} sim --games 3 -j 4000000000 --json
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT out MATCHES "\"games\": 3")
  message(FATAL_ERROR "sim -j 4000000000: expected 3 games, got ${status}:\n${out}\n${err}")
endif()
