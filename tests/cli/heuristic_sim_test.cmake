# ai-heuristic against ai-random through `anvil sim --json` (docs/agents.md): it must win clearly.
#   cmake -DANVIL=<anvil> -DGAMES=<n> -DMIN_WIN_RATE=<fraction> [-DRULES=hearth] -P heuristic_sim_test.cmake
# The default classic decks are classic-burn's Goblin Burn (the heuristic) against Rakdos Drain
# (the random agent): ai-random itself wins about 8% of these games with Goblin Burn and
# ai-heuristic about 90%, so a bound of 75% fails any agent that plays no better than at random.
# The default hearth decks are Basic Spell Mage against Basic Shaman Midrange: ai-random wins
# about 9% with the Mage, ai-heuristic nearly all (it knows the game is hearth's only if
# `anvil sim` tells the agent which rules module it plays).
cmake_minimum_required(VERSION 3.25)
if(NOT DEFINED RULES)
  set(RULES classic)
endif()
execute_process(COMMAND ${ANVIL} sim --rules ${RULES} --games ${GAMES} -j 2 --seed 1
                        --agents ai-heuristic,ai-random --json
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "anvil sim exited ${status}\n${out}\n${err}")
endif()
string(JSON agent GET "${out}" seats 0 agent)
string(JSON rate GET "${out}" seats 0 win_rate)
string(JSON failures LENGTH "${out}" failures)
if(NOT agent STREQUAL "ai-heuristic" OR NOT failures EQUAL 0)
  message(FATAL_ERROR "expected seat 1 to be ai-heuristic and no failed games:\n${out}")
endif()
if(rate LESS MIN_WIN_RATE)  # if() compares numbers as doubles
  message(FATAL_ERROR "ai-heuristic won ${rate} of ${GAMES} ${RULES} games against ai-random; at least "
                      "${MIN_WIN_RATE} expected\n${out}")
endif()
message(STATUS "ai-heuristic won ${rate} of ${GAMES} ${RULES} games against ai-random")
