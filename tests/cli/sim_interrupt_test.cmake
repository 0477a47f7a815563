# `anvil sim` stopped by a signal: no game begins after it, and the games played are reported —
# the JSON document whole, with "interrupted" — with exit status 128 + the signal's number.
#   cmake -DANVIL=<anvil> -DOUT=<dir> -DSIGNAL=INT|TERM -P sim_interrupt_test.cmake
#
# The signal is sent once a replay has been saved (--save-replays), so the handler is surely
# installed: sent earlier, during start-up, it would end the program the default way. SIGINT is
# given back its default action first (env --default-signal): a shell's background job starts
# with it ignored, and anvil leaves an ignored signal ignored.
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
set(script [=[
"$ANVIL" sim --games 100000000 -j 1 --json --save-replays "$OUT/replays" >"$OUT/out.json" 2>"$OUT/err.txt" &
pid=$!
tries=0
until ls "$OUT/replays" 2>/dev/null | grep -q json; do
  tries=$((tries + 1))
  if [ $tries -gt 1200 ]; then kill -KILL $pid; echo "no replay saved in 120 s"; exit 1; fi
  sleep 0.1
done
kill -$SIGNAL $pid
wait $pid
echo "status $?"
]=])
if(SIGNAL STREQUAL "INT")
  string(REPLACE "\"$ANVIL\" sim" "env --default-signal=INT \"$ANVIL\" sim" script "${script}")
endif()
execute_process(COMMAND env "ANVIL=${ANVIL}" "OUT=${OUT}" "SIGNAL=${SIGNAL}" sh -c "${script}"
                OUTPUT_VARIABLE status ERROR_VARIABLE shell_err)
file(READ ${OUT}/out.json out)
file(READ ${OUT}/err.txt err)
if(SIGNAL STREQUAL "INT")
  set(number 2)
  set(name "SIGINT \\(Ctrl-C\\)")
else()
  set(number 15)
  set(name "SIGTERM")
endif()
math(EXPR expected "128 + ${number}")
if(NOT status MATCHES "status ${expected}")
  message(FATAL_ERROR "expected exit ${expected}, got: ${status}${shell_err}\n${out}\n${err}")
endif()
string(JSON games ERROR_VARIABLE e GET "${out}" games)
if(e)
  message(FATAL_ERROR "no whole JSON document after the signal (${e}):\n${out}\n${err}")
endif()
string(JSON signal GET "${out}" interrupted signal)
string(JSON asked GET "${out}" interrupted games_asked)
string(JSON wins0 GET "${out}" seats 0 wins)
string(JSON wins1 GET "${out}" seats 1 wins)
string(JSON draws GET "${out}" seats 0 draws)
string(JSON failures LENGTH "${out}" failures)
math(EXPR sum "${wins0} + ${wins1} + ${draws} + ${failures}")
if(NOT signal EQUAL number OR NOT asked EQUAL 100000000 OR games LESS 1
   OR NOT sum EQUAL games)
  message(FATAL_ERROR "the games played do not add up, or the signal is not named:\n${out}")
endif()
# The first signal is told at once, once: a game in progress may play on for minutes.
set(told "anvil sim: interrupted by ${name}: (finishing the 1 game in progress|no game is in progress) \\(signal again to stop at once\\)\n")
string(REGEX MATCHALL "interrupted by" times "${err}")
list(LENGTH times times)
if(NOT err MATCHES "^${told}" OR NOT times EQUAL 1)
  message(FATAL_ERROR "stderr does not begin by saying once that the run is interrupted:\n${err}")
endif()
if(NOT err MATCHES "stopped by ${name} after ${games} games? of 100000000")
  message(FATAL_ERROR "stderr does not say the run was stopped:\n${err}")
endif()
# Every game reported has its replay, and none was begun after the signal: the folder holds as
# many replays as games were played.
file(GLOB replays ${OUT}/replays/*.json)
list(LENGTH replays saved)
if(NOT saved EQUAL games)
  message(FATAL_ERROR "${games} games reported, ${saved} replays saved")
endif()
file(REMOVE_RECURSE ${OUT}/replays)
