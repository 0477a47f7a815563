// Last known information (608.2h, 702.15b, 603.10): what a permanent was as it last existed on
// the battlefield. A permanent that leaves is a new object (400.7) and is viewed where it is
// now, so an ability of a source that is gone — Mogg Fanatic's, paid by sacrificing it — would
// lose what an Aura gave it, and "equal to its power" would read its printed power.
//
// The kernel calls ClassicHooks::before_moves just before a zone change (or a simultaneous
// batch) happens. For each permanent about to leave the battlefield the module writes, as
// journaled object attrs (so a rollback or a fork keeps them exactly), its card types,
// keywords, power, toughness and controller, tagged with the zone-change count it will have
// once moved: the record is valid only while the object stays in the zone it went to.
// Game::last_known gives it back to any plugin: the printed characteristics with those five
// replaced (a Forest that Living Lands animated was a creature, 700.4). Every object leaving
// in the batch is also marked with the batch (kLeftInBatch): leaves-the-battlefield triggers
// look back at the objects that left with their source (603.10a, triggers.cpp).
#include <algorithm>
#include <array>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

inline constexpr Symbol kLkiZc = "lki_zc"_sym;  // zone_changes after the move; 0: none
inline constexpr Symbol kLkiKeywords = "lki_keywords"_sym;  // bit i: kKeywordList[i]
inline constexpr Symbol kLkiPower = "lki_power"_sym;
inline constexpr Symbol kLkiToughness = "lki_toughness"_sym;
inline constexpr Symbol kLkiController = "lki_controller"_sym;  // player index + 1
inline constexpr Symbol kLkiTypes = "lki_types"_sym;            // bit i: kCardTypeList[i]

// The card types a permanent can have (205.2a); a type not listed is kept as the view has it.
constexpr std::array kCardTypeList{kArtifact, kBattle,       kCreature, kEnchantment,
                                   kLand,     kPlaneswalker, kInstant,  kSorcery};

// Every keyword the classic rules give meaning to (classic.hpp), one bit each.
constexpr std::array kKeywordList{
    kFlying,   kReach,     kHaste,  kVigilance,      kDefender, kFirstStrike, kDoubleStrike,
    kTrample,  kDeathtouch, kLifelink, kWither, kInfect, kIndestructible, kHexproof,
    kShroud,   kChangeling, kCantAttack, kCantBlock, kMustAttack};
static_assert(kKeywordList.size() < 63);

}  // namespace

void ClassicHooks::before_moves(Game& game, std::span<const ZoneChangeEvent> moves) {
  tap_entering(game, moves);            // enters tapped (614.1d, enters_tapped.cpp)
  give_entering_counters(game, moves);  // and with its loyalty (306.5b, entering_counters.cpp)
  Journal& j = game.journal();
  // The batch move_in_one_event announced, or a new one (a batch another plugin moved, or one
  // move).
  std::int64_t batch = game.state().attrs.get(kBatch);
  for (const ZoneChangeEvent& e : moves) {
    if (e.from.kind != ZoneKind::battlefield || e.to.kind == ZoneKind::battlefield) continue;
    if (batch == 0) {
      batch = game.state().attrs.get(kBatchCount) + 1;
      j.set_game_attr(kBatchCount, batch);
    }
    j.set_attr(e.object, kLeftInBatch, batch);
    const GameObject& o = game.object(e.object);
    // Nothing of the batch has moved yet, and writing a record changes no characteristic, so
    // each object is seen as the whole batch was.
    const Characteristics c = game.view(e.object);
    std::int64_t keywords = 0;
    for (std::size_t i = 0; i < kKeywordList.size(); ++i)
      if (c.has_keyword(kKeywordList[i])) keywords |= std::int64_t{1} << i;
    std::int64_t types = 0;
    for (std::size_t i = 0; i < kCardTypeList.size(); ++i)
      if (c.has_type(kCardTypeList[i])) types |= std::int64_t{1} << i;
    j.set_attr(e.object, kLkiZc, static_cast<std::int64_t>(o.zone_changes) + 1);
    j.set_attr(e.object, kLkiTypes, types);
    j.set_attr(e.object, kLkiKeywords, keywords);
    j.set_attr(e.object, kLkiPower, c.power);
    j.set_attr(e.object, kLkiToughness, c.toughness);
    j.set_attr(e.object, kLkiController, static_cast<std::int64_t>(o.controller.value) + 1);
  }
}

std::optional<LastKnown> ClassicHooks::last_known(const Game& game, ObjectId id) const {
  if (!game.state().exists(id)) return std::nullopt;
  const GameObject& o = game.object(id);
  if (o.zone.kind == ZoneKind::battlefield ||
      o.attrs.get(kLkiZc) != static_cast<std::int64_t>(o.zone_changes))
    return std::nullopt;
  LastKnown lk{game.view(id), PlayerId{static_cast<std::uint8_t>(o.attrs.get(kLkiController) - 1)}};
  Characteristics& c = lk.characteristics;
  c.has_stats = true;
  c.power = static_cast<std::int32_t>(o.attrs.get(kLkiPower));
  c.toughness = static_cast<std::int32_t>(o.attrs.get(kLkiToughness));
  // The card types it had (an animated land was a creature), other type words as it has now.
  SymbolList types;
  const std::int64_t type_bits = o.attrs.get(kLkiTypes);
  for (std::size_t i = 0; i < kCardTypeList.size(); ++i)
    if (type_bits & (std::int64_t{1} << i)) types.push_back(kCardTypeList[i]);
  for (Symbol t : c.types)
    if (std::find(kCardTypeList.begin(), kCardTypeList.end(), t) == kCardTypeList.end())
      types.push_back(t);
  c.types = std::move(types);
  c.keywords = {};
  const std::int64_t keywords = o.attrs.get(kLkiKeywords);
  for (std::size_t i = 0; i < kKeywordList.size(); ++i)
    if (keywords & (std::int64_t{1} << i)) c.add_keyword(kKeywordList[i]);
  return lk;
}

}  // namespace anvil::rules_classic
