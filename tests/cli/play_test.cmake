# `anvil play` driven through piped input, as a person would type it (docs/cli.md, "play").
#   cmake -DANVIL=<anvil> -DCASE=<case> -DWORK=<dir> -P play_test.cmake
# Cases:
#   WholeGame     a scripted player answers every question until the game ends by the rules;
#                 between them the log tells what happened, the opponent's draws unnamed;
#   Commands      help, ai (the agents listed), card (a card's text, a misspelt name),
#                 graveyard, a bad line, undo
#                 (nothing yet, then a land taken back: the earlier board returns and the log
#                 is truncated), log, concede;
#   SwapAgent     `ai ai-random` mid-game: the decision log shows ai-random deciding afterwards;
#   Skip          `skip` passes the person's priority until their next first main phase;
#   EndOfInput    no input at all concedes cleanly;
#   AgentFails    (test-bomb, -DPLUGIN_DIR) the opponent's agent throws mid-decision: the game is
#                 taken back to before that decision, the person seats another agent (a bad
#                 line and an unknown agent asked again) and the game goes on to its end;
#   AgentFailsThenInputEnds  the end of input at that question concedes cleanly;
#   PluginFails   (test-throwing-step, -DPLUGIN_DIR) a spell the person casts fails as it
#                 resolves: the failure is told, the game is taken back to the person's
#                 decision, and the person chooses otherwise and plays on;
#   Second        with --second the agent takes the first turn and the person is player 1;
#   Mulligan      the classic game starts with the London mulligan at play: the person
#                 mulligans once and puts a card on the bottom, named (the log calls that pick
#                 "bottom"); ai-random's mulligan is told without its card. The cases with a
#                 script of moves turn it off (--option mulligans=0), which is then not asked;
#   MulliganUndo  undo in the London mulligan takes back one decision of the person's at a time
#                 (the keep before the bottom question, then the bottom pick), and the log
#                 calls the bottom pick "bottom";
#   BarredShown   with creature decks, attack and block options the rules refuse in any
#                 declaration (a summoning-sick attacker) are listed with the reason, a
#                 declaration whose every option is refused is answered "none" unasked, and
#                 namesakes on the battlefield are numbered (Forest #1, Forest #2) and
#                 creatures show their keywords;
#   TriggerOrder  (data/cli-packs) the person orders triggers that read differently, the
#                 numbers typed first and the rest as listed ("2 1" of three: 2 1 3), and is
#                 not asked to order triggers that all read the same;
#   HiddenPicks   (hearth) the log shows the opponent's mulligan without the cards it put back,
#                 which the person cannot see, and its plays with their cards; between the
#                 person's decisions, what happened (the opponent's draws unnamed);
#   HearthSkip    (hearth) help and `skip` in the hearth module's words: `skip` ends the turn
#                 and the person is asked again on their next one.
# The scripted player answers with `cycle` (play_setup.cmake).
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/play_setup.cmake)

function(play input)
  file(WRITE ${WORK}/input.txt "${input}")
  execute_process(COMMAND ${ANVIL} ${global} play --deck "${deck}" --vs-deck "${vs_deck}" --seed ${seed} ${more}
                  INPUT_FILE ${WORK}/input.txt RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  file(WRITE ${WORK}/output.txt "${out}")
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "anvil play exited ${status}\n${err}\n(output in ${WORK}/output.txt)")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

function(expect regex why)
  if(NOT out MATCHES "${regex}")
    message(FATAL_ERROR "${why}: no match for '${regex}' (output in ${WORK}/output.txt)")
  endif()
endfunction()

if(CASE STREQUAL "WholeGame")
  play("${cycle}")
  expect("\nResult: (you won|you lost|a draw) in turn [0-9]+ \\(your opponent: ai-heuristic\\)\\.\n"
         "the game should end by the rules, with a result line")
  expect("error: pick" "a wrong number of picks should be reported")
  expect("\n  player 1 \\(opponent\\) draws a card\n" "the opponent's draws are told without the card")
  if(out MATCHES "\n  player 1 \\(opponent\\) draws [A-Z]")
    message(FATAL_ERROR "the log names a card the opponent drew (output in ${WORK}/output.txt)")
  endif()
  expect("\n  player 0 \\(you\\) draws [A-Z]" "the person's own draws are named")
elseif(CASE STREQUAL "Commands")
  set(more --option mulligans=0)
  play("help\nai\ncard Lightning Bolt\ncard albino troll\ncard Lightnig Bolt\ncard goblin hero\ncard Bolt\ncard serra angel\ngraveyard\nbogus\nundo\n1\nlog\nundo\nlog\nconcede\n")
  expect("ai NAME +seat the agent NAME" "help lists the commands")
  expect("card NAME +what a card is" "help lists card")
  expect("\n  graveyard  each player's graveyard and exile, card by card\n"
         "help says what graveyard lists in the game's words")
  expect("\n  skip       pass until your next main phase \\(this turn's, from its upkeep or draw\\); it\n             stops sooner when your opponent puts something on the stack, or when you must\n             choose something else\n  undo  "
         "help says what skip does, wrapped into its column")
  expect("\n> ai\nThe agents you can seat with 'ai NAME':\n(  [a-z-]+ +[^\n]+\n)*  ai-random +uniformly random legal choices"
         "'ai' alone lists the agents with what each plays like")
  expect("\nLightning Bolt \\(mana value 1\\): Lightning Bolt deals 3 damage to target creature or player\\.\n"
         "card prints a card's text, CARDNAME replaced")
  expect("> card albino troll\nAlbino Troll \\(mana value 2, 3/3[^\n]*\\):\n  Echo \\{1\\}\\{G\\} \\([^\n]*\\)\n  \\{1\\}\\{G\\}: Regenerate Albino Troll\\.\n"
         "card puts each paragraph of a card's text on a line of its own")
  expect("error: no card named 'Lightnig Bolt' in this game's packs; did you mean 'Lightning Bolt'\\?"
         "card names the closest card")
  expect("> card goblin hero\nGoblin Hero \\(mana value [0-9]+, 2/2\\)" "card finds a name in another case")
  expect("error: several cards have 'Bolt' in their names: [^\n]*Lightning Bolt"
         "card lists the cards whose names hold a part of one")
  expect("> card serra angel\nSerra Angel \\(mana value 5, 4/4, Flying, Vigilance\\)"
         "card shows the printed keywords of a card in neither deck")
  expect("player 1 \\(opponent\\):\n  graveyard: nothing\n  exile: nothing\n"
         "graveyard lists both players' graveyards and exile")
  expect("error: 'bogus' is neither a choice number nor a command \\(type 'help'\\)" "a bad line is reported")
  expect("error: nothing to undo" "undo before any decision")
  expect("1\\. turn 1: player 0 \\(you\\) \\(person\\) action: Play Mountain"
         "the question is asked again after errors, and the log says who decided what")
  expect("Undone: back to your decision in turn 1, main1\\." "undo reports where it went")
  expect("No decisions yet\\." "undo truncates the log")
  expect("\nResult: you conceded in turn 1 " "concede ends the game")
  # The boards: the first, the one after playing the land, the one after undo.
  string(REGEX MATCHALL "Your hand: [^\n]*" hands "${out}")
  string(REGEX MATCHALL "player 0 \\(you\\): [^\n]*\n  battlefield: [^\n]*" mine "${out}")
  list(LENGTH hands n)
  if(n LESS 3)
    message(FATAL_ERROR "expected at least three boards, found ${n}")
  endif()
  list(GET hands 0 first)
  list(GET hands 1 after_land)
  list(GET hands 2 after_undo)
  list(GET mine 0 first_side)
  list(GET mine 2 undone_side)
  if(first STREQUAL after_land OR NOT first STREQUAL after_undo OR NOT first_side STREQUAL undone_side)
    message(FATAL_ERROR "undo should restore the first board:\n${first}\n${after_land}\n${after_undo}\n"
                        "${first_side}\n${undone_side}")
  endif()
elseif(CASE STREQUAL "SwapAgent")
  set(some "")
  foreach(i RANGE 1 12)
    string(APPEND some "none\n1\n1 2\n")
  endforeach()
  play("ai ai-random\n${some}log\nconcede\n")
  expect("Your opponent is now played by ai-random\\." "the swap is confirmed")
  expect("turn [0-9]+: player 1 \\(opponent\\) \\(ai-random\\) " "ai-random decides for the opponent")
  if(out MATCHES "\\(ai-heuristic\\) ")
    message(FATAL_ERROR "ai-heuristic decided after the swap (output in ${WORK}/output.txt)")
  endif()
  expect("\nResult: you conceded in turn [0-9]+ \\(your opponent: ai-random\\)\\." "concede after the swap")
elseif(CASE STREQUAL "BarredShown")
  set(deck "Selesnya Beats")
  set(vs_deck "Selesnya Beats")
  play("${cycle}")
  expect("\n  [0-9]+\\. [^\n]+ → player 1 \\(opponent\\) \\(not allowed: [^\n]+ has summoning sickness\\)\n"
         "a summoning-sick creature's attack should be listed with the reason it is refused, the player named as the board names them")
  expect("\\(not allowed: [^\n]+\\)\n\\(pick 0 to [0-9]+[^\n]*\n> none \\(nothing else may be declared\\)\n"
         "a declaration whose every option is refused should be answered 'none' without asking")
  expect("\n  battlefield: [^\n]*(Plains|Forest) #1[^\n]*(Plains|Forest) #2"
         "namesakes on the battlefield should be numbered, as declarations name them")
  expect("\n  battlefield: [^\n]*\([^)\n]*(First Strike|Flying|Vigilance|Lifelink)[^)\n]*\)"
         "the board should show a creature's keywords (RulesModule::object_status)")
  expect("\nResult: " "the game should end")
elseif(CASE STREQUAL "HiddenPicks")
  set(deck "Basic Spell Mage")
  set(vs_deck "Basic Zoo")
  set(more --rules hearth --vs ai-random)
  play("none\n1\nlog\nconcede\n")
  expect("\n  [0-9]+\\. turn 1: player 1 \\(opponent\\) \\(ai-random\\) mulligan: a card you cannot see"
         "the cards the opponent put back should not be named")
  if(out MATCHES "\\(opponent\\) \\(ai-random\\) mulligan: [A-Z]")
    message(FATAL_ERROR "the log names a card the opponent put back (output in ${WORK}/output.txt)")
  endif()
  expect("\\(opponent\\) \\(ai-random\\) action: Play [A-Z]" "a card played is named")
  # What happened between the person's decisions, told by the hearth module as by the classic
  # one, in the hearth module's words (RulesModule::term); the opponent's draws without their
  # cards.
  expect("\n  player 0 \\(you\\) plays [A-Z]" "the log tells the person's card played")
  if(out MATCHES "\n  player [01] \\([a-z]+\\) casts ")
    message(FATAL_ERROR "the log says 'casts' in a hearth game (output in ${WORK}/output.txt)")
  endif()
  expect("\n  player 1 \\(opponent\\) draws a card\n" "the log tells the opponent's draws, unnamed")
  if(out MATCHES "\n  player 1 \\(opponent\\) draws [A-Z]")
    message(FATAL_ERROR "the log names a card the opponent drew (output in ${WORK}/output.txt)")
  endif()
  expect("\nplayer 0 \\(you\\): health 30, hand [0-9]+, deck [0-9]+, graveyard [0-9]+, mana [0-9]+/[0-9]+, hero power Fireblast\n  board: "
         "the board shows the rules module's status of each player (hearth: mana, the hero power), in its words")
elseif(CASE STREQUAL "HearthSkip")
  set(deck "Basic Spell Mage")
  set(vs_deck "Basic Zoo")
  set(more --rules hearth --vs ai-random)
  play("none\nhelp\nskip\nconcede\n")
  expect("\n  skip       end your turn; you are asked again on your next one, or sooner when you must\n             choose something\n"
         "help says what skip does in the hearth module's words")
  # (The person's first turn has one choice, to end it, and is not asked.)
  expect("\n=== Turn 3, main \\(your turn\\) ===\n[^=]*\n> skip\nEnding your turn\.\n[^=]*\n=== Turn 5, main \\(your turn\\) ===\n"
         "skip should end the turn and ask the person again on their next one")
  if(out MATCHES "=== Turn 4, " OR out MATCHES "upkeep or draw")
    message(FATAL_ERROR "the person was asked in the opponent's turn, or help spoke of classic steps (output in ${WORK}/output.txt)")
  endif()
elseif(CASE STREQUAL "Skip")
  # `skip` at the first main phase passes through the rest of the turn and the opponent's
  # (nothing of theirs goes on the stack in this game's turn 2) to the person's next first main
  # phase.
  play("1\nskip\nskip\n1\nskip\nconcede\n")
  expect("\n> skip\nPassing until your first main phase to come\\.\nTurn 2 \\(player 1 \\(opponent\\)\\)\n[^=]*\n=== Turn 3, main1 \\(your turn\\) ===\n"
         "skip should pass until the person's next first main phase")
  if(out MATCHES "=== Turn 2, ")
    message(FATAL_ERROR "the person was asked in the opponent's turn while skipping (output in ${WORK}/output.txt)")
  endif()
elseif(CASE STREQUAL "TriggerOrder")
  # Wardens: Soul Wardens and Soul's Attendants, each triggering when another creature enters.
  set(deck "Wardens")
  set(vs_deck "Selesnya Beats")
  set(more --pack-dir ${CMAKE_CURRENT_LIST_DIR}/data/cli-packs)
  set(orders "")
  foreach(i RANGE 1 1200)
    string(APPEND orders "none\n1\n2 1\n")
  endforeach()
  play("${orders}")
  expect("\n  1\\. Soul's Attendant: [^\n]*\n  2\\. Soul's Attendant: [^\n]*\n\\(order them[^\n]*\n> 1 2 \\(the same ability each time: stacked as listed\\)\n"
         "two triggers that read the same should be stacked as listed, unasked")
  expect("\n  3\\. Soul Warden: [^\n]*\n\\(order them: [^\n]*those left out follow as listed\\)\n> 2 1\nOrder: 2 1 3\n"
         "an order given in part should be completed in the order listed")
  expect("\n> none\nerror: give the order of the triggers" "'none' is no order")
  expect("\nResult: " "the game should end")
elseif(CASE STREQUAL "Second")
  set(more --second --option mulligans=0)
  play("1\nlog\nconcede\n")
  expect("^You play classic-burn:Goblin Burn against ai-heuristic playing classic-burn:Rakdos Drain \\(seed 2\\), going second\\.\n"
         "the first line should say the person goes second")
  expect("\nTurn 1 \\(player 0 \\(opponent\\)\\)\n[^=]*\nTurn 2 \\(player 1 \\(you\\)\\)\n  player 1 \\(you\\) draws [A-Z][^\n]*\n\n=== Turn 2, main1 \\(your turn\\) ===\n"
         "the opponent's first turn should come before the person's, who draws in it")
  expect("\n  1\\. turn 1: player 0 \\(opponent\\) \\(ai-heuristic\\) [^\n]*\n  2\\. turn 2: player 1 \\(you\\) \\(person\\) "
         "the log should show the agent deciding first, in turn 1")
elseif(CASE STREQUAL "Mulligan")
  set(more --vs ai-random)
  set(seed 5)
  play("2\n1\n1\nlog\nconcede\n")
  set(draw "  player 0 \\(you\\) draws [A-Z][^\n]*\n")
  expect("^[^>]*\nKeep your opening hand or mulligan:\n  1\\. Keep\n  2\\. Mulligan\n> 2\n"
         "the first question should be the mulligan")
  expect("\n  player 0 \\(you\\) mulligans, shuffling their hand into their library\n${draw}${draw}${draw}${draw}${draw}${draw}${draw}"
         "the mulligan and the seven new cards should be told")
  expect("\nKeep this hand \\(then put 1 on the bottom\\) or mulligan again:\n"
         "the second question should say how many go to the bottom")
  expect("\nPut 1 card\\(s\\) on the bottom of your library:\n[^>]*> 1\n  player 0 \\(you\\) puts [A-Z][^\n]* on the bottom of their library \\(mulligan\\)\n"
         "the card the person puts on the bottom should be named")
  expect("\n  player 1 \\(opponent\\) mulligans, [^\n]*\n(  player 1 \\(opponent\\) draws a card\n)+  player 1 \\(opponent\\) puts a card on the bottom of their library \\(mulligan\\)\n"
         "the opponent's mulligan should be told without the card it puts on the bottom")
  expect("\n  1\\. turn 1: player 0 \\(you\\) \\(person\\) mulligan: Mulligan\n  2\\. turn 1: player 0 \\(you\\) \\(person\\) mulligan: Keep\n  3\\. turn 1: player 0 \\(you\\) \\(person\\) bottom: [A-Z]"
         "the log should call the pick of the card to put on the bottom what it is")
elseif(CASE STREQUAL "MulliganUndo")
  # Undo takes back one decision of the person's in the mulligan, all asked in one advance() of
  # the rules: at the bottom question, the keep before it (not the whole mulligan); at the first
  # priority question, the bottom pick. The log calls that pick what it is.
  set(more --vs ai-random)
  set(seed 5)
  play("2\n1\nundo\n1\n1\nundo\n1\nlog\nconcede\n")
  expect("\nPut 1 card\\(s\\) on the bottom of your library:\n[^>]*> undo\nUndone: back to your mulligan decision\\.\n[^>]*\nKeep this hand \\(then put 1 on the bottom\\) or mulligan again:\n  1\\. Keep\n  2\\. Mulligan\n> 1\n"
         "undo at the bottom question should go back to the keep just before it")
  expect("> 1\n  player 0 \\(you\\) puts [A-Z][^\n]* on the bottom of their library \\(mulligan\\)\n[^>]*> undo\nUndone: back to your mulligan decision\\.\n[^>]*\nPut 1 card\\(s\\) on the bottom of your library:\n"
         "undo after the mulligan should go back to the bottom question")
  expect("\n  1\\. turn 1: player 0 \\(you\\) \\(person\\) mulligan: Mulligan\n  2\\. turn 1: player 0 \\(you\\) \\(person\\) mulligan: Keep\n  3\\. turn 1: player 0 \\(you\\) \\(person\\) bottom: [A-Z]"
         "the log should hold each decision once, the bottom pick called so")
  expect("Result: you conceded" "the game should end")
elseif(CASE STREQUAL "AgentFails")
  # test-bomb (tests/plugins/agents) throws at its third decision: in game 2, while choosing the
  # target of a spell it is casting.
  set(global --plugin-dir ${PLUGIN_DIR})
  set(more --vs test-bomb --option mulligans=0)
  set(some "")
  foreach(i RANGE 1 10)
    string(APPEND some "none\n1\n1 2\n")
  endforeach()
  play("${some}bogus\nai ai-nope\nai ai-random\n${cycle}")
  expect("\nerror: your opponent's agent 'test-bomb' failed to answer 'Choose target creature or player': the bomb went off\n"
         "the agent's failure is told, naming the agent and the question")
  expect("the bomb went off\nThe game is taken back to before that decision[^\n]*\n\n=== Turn 2, main1 \\(your opponent's turn\\) ===\nplayer 1 \\(opponent\\): life 20, hand 7,"
         "the game is taken back to before the spell was cast (still 7 cards in hand), and the board shown")
  expect("\n> bogus\nerror: type 'ai NAME' to seat another agent, or 'concede'\n"
         "only another agent or concede is taken after a failure")
  expect("\n> ai ai-nope\nerror: unknown agent 'ai-nope'" "an unknown agent is refused, and asked again")
  expect("\n> ai ai-random\nYour opponent is now played by ai-random\\.\n" "the new agent is seated")
  expect("\nResult: (you won|you lost|a draw) in turn [0-9]+ \\(your opponent: ai-random\\)\\.\n"
         "the game goes on to its end with the new agent")
elseif(CASE STREQUAL "AgentFailsThenInputEnds")
  set(global --plugin-dir ${PLUGIN_DIR})
  set(more --vs test-bomb --option mulligans=0)
  play("none\n1\n1 2\nnone\n1\n1 2\nnone\n1\n1 2\nnone\n1\n1 2\n")
  expect("the bomb went off\n" "the agent's failure is told")
  expect("\\(end of input: conceding\\)\nResult: you conceded in turn 2 \\(your opponent: test-bomb\\)\\.\n"
         "the end of input at the question after a failure concedes cleanly")
elseif(CASE STREQUAL "PluginFails")
  # Faulty Bolt (data/failing-plugin-packs) runs test-throwing-step's effect step, which gains 3
  # life and then throws as the spell resolves. The plugin is copied alone into the work folder:
  # the test plugin folder holds plugins that are wrong on purpose.
  file(COPY ${PLUGIN_DIR}/test-throwing-step.so DESTINATION ${WORK}/plugins)
  set(global --plugin-dir ${WORK}/plugins --pack-dir ${CMAKE_CURRENT_LIST_DIR}/data/failing-plugin-packs)
  set(deck "Faulty Bolts")
  set(vs_deck "Faulty Bolts")
  set(more --option mulligans=0)
  set(seed 1)
  play("1\n1\n1\nskip\nconcede\n")
  expect("\nerror: plugin 'test-throwing-step' failed in card 'Faulty Bolt', ability '[^']*': its step 'TestGainThenThrow' failed: the step broke after gaining 3 life\n"
         "the failure is told, naming the plugin whose step broke (not the damage spell's), the card and what it said")
  expect("\nThe game cannot go on from there: it is taken back to your decision in turn 1, main1 [^\n]*\n\n=== Turn 1, main1 \\(your turn\\) ===\n[^\n]*\n[^\n]*\nplayer 0 \\(you\\): life 20, hand 6,"
         "the game is taken back to before the spell was cast: its 3 life and the card are back")
  expect("\n> skip\nPassing until your first main phase to come\\.\n" "the person chooses otherwise")
  expect("\nTurn 2 \\(player 1 \\(opponent\\)\\)\n" "the game goes on after the failure")
  # ai-heuristic tries its own Faulty Bolt on a copy first: the plugin's failure there fails
  # its decision, named (docs/agents.md), rather than being hidden by a card it never casts.
  expect("\nerror: your opponent's agent 'ai-heuristic' failed to answer 'Priority in main1 of turn 2': plugin 'test-throwing-step' failed in card 'Faulty Bolt'"
         "the opponent's look-ahead meets the same failure and says whose it is")
  expect("\nResult: you conceded in turn 2 " "and ends when the person concedes")
elseif(CASE STREQUAL "EndOfInput")
  play("")
  expect("\\(end of input: conceding\\)\nResult: you conceded in turn 1 " "end of input concedes")
else()
  message(FATAL_ERROR "unknown case '${CASE}'")
endif()
