# What play_test.cmake and play_replay_test.cmake start from: a clean ${WORK}, the scripted
# player's answers and the game their cases change.
#
# `cycle`: "none", "1", "1 2" over and over. Whatever the question, one of the three is a legal
# answer (no picks, the first option, two picks) and the others get an error and the question
# again — which also exercises the error path all game long.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

set(cycle "")
foreach(i RANGE 1 1200)
  string(APPEND cycle "none\n1\n1 2\n")
endforeach()

set(deck "Goblin Burn")
set(vs_deck "Rakdos Drain")
set(more "")    # more arguments for `anvil play`
set(global "")  # options before the command (--plugin-dir, --pack-dir)
set(seed 2)
