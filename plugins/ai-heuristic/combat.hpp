// Attacks and blocks by evaluated creature value and the race (board.hpp's values):
//   - attack with a creature when no untapped creature of the defender can block it profitably
//     (kill it and survive, or trade for something worth less than half of it), and no two of
//     them would double-block it as choose_blockers does, or with
//     everything when the damage that gets through even if every blocker blocks the biggest
//     attackers is lethal;
//     hold back when the defender's counterattack would be lethal and this attack is not;
//     when the attack does not threaten the player's life, send at each of their planeswalkers
//     the weakest attacker that alone deals its loyalty;
//   - block to kill an attacker and survive, to trade up (lose less value than the attacker),
//     to take no damage without losing the blocker, or with two blockers that kill together an
//     attacker worth more than the one it could kill (an attacker sacrificed at end of turn
//     is worth nothing); chump-block only when the damage that gets through would be lethal,
//     the cheapest blockers where they stop the most (a trampler: its lethal damage to them);
//   - obey the classic block requirements (509.1c): creatures able to block a Lure'd attacker
//     block it, an attacker that must be blocked if able gets the cheapest free blocker, and a
//     creature that blocks each combat if able blocks the first attacker it can.
// Options follow the classic protocol: attackers are "Attacker → defender" (target the
// attacker, value the defender: player p is p + 1, a planeswalker -(its id + 1)); blockers "Blocker
// → Attacker" (target the blocker, value the attacker's ObjectId).
#pragma once

#include <anvil/sdk.hpp>

namespace anvil::ai_heuristic {

Answer choose_attackers(const DecisionView& view, const Choice& choice);
Answer choose_blockers(const DecisionView& view, const Choice& choice);
// An attacker's damage to one recipient: lethal damage to it if that can be chosen, else the
// most there is.
Answer choose_damage_division(const DecisionView& view, const Choice& choice);

}  // namespace anvil::ai_heuristic
