// Last known information (608.2h, 702.15b, 603.10): what a permanent was as it last existed on
// the battlefield. A permanent that leaves is a new object (400.7) and is viewed where it is
// now, so an ability of a source that is gone — Mogg Fanatic's, paid by sacrificing it — would
// lose what an Aura gave it, and "equal to its power" would read its printed power.
//
// The kernel calls ClassicHooks::before_moves just before a zone change (or a simultaneous
// batch) happens. For each permanent about to leave the battlefield the module writes, as
// journaled object attrs (so a rollback or a fork keeps them exactly), its card types,
// colours, subtypes, keywords, power, toughness and controller, tagged with the zone-change
// count it will have once moved: the record is valid only while the object stays in the zone it
// went to. Game::last_known gives it back to any plugin: the printed characteristics with those
// replaced (a Forest that Living Lands animated was a creature, 700.4; a creature an Aura made a
// red Goblin died as a red Goblin). Subtypes are written out only when they are not the printed
// ones, which no effect changes in most games, so the common record stays six attrs. Every
// object leaving in the batch is also marked with the batch (kLeftInBatch): leaves-the-
// battlefield triggers look back at the objects that left with their source (603.10a,
// triggers.cpp).
#include <algorithm>
#include <array>
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

inline constexpr Symbol kLkiZc = "lki_zc"_sym;  // zone_changes after the move; 0: none
inline constexpr Symbol kLkiKeywords = "lki_keywords"_sym;  // bit i: kKeywordList[i]
inline constexpr Symbol kLkiPower = "lki_power"_sym;
inline constexpr Symbol kLkiToughness = "lki_toughness"_sym;
inline constexpr Symbol kLkiController = "lki_controller"_sym;  // player index + 1
// Bits 0-7: kCardTypeList; 8-12: the colours (ColorSet); from bit 16: 0 if the subtypes are the
// printed ones, else 1 + how many are written (lki_subtype_1, …).
inline constexpr Symbol kLkiTypes = "lki_types"_sym;
constexpr int kColorShift = 8;
constexpr int kSubtypeShift = 16;

// The card types a permanent can have (205.2a); a type not listed is kept as the view has it.
constexpr std::array kCardTypeList{kArtifact, kBattle,       kCreature, kEnchantment,
                                   kLand,     kPlaneswalker, kInstant,  kSorcery};

// Every keyword the classic rules give meaning to (classic.hpp), one bit each.
constexpr std::array kKeywordList{
    kFlying,   kReach,     kHaste,  kVigilance,      kDefender, kFirstStrike, kDoubleStrike,
    kTrample,  kDeathtouch, kLifelink, kWither, kInfect, kIndestructible, kHexproof,
    kShroud,   kChangeling, kCantAttack, kCantBlock, kMustAttack};
static_assert(kKeywordList.size() < 63);

Symbol subtype_key(std::size_t i) { return Symbol("lki_subtype_" + std::to_string(i + 1)); }

// The subtypes `c` has that its record must keep: those changeling does not give it back (the
// keyword is recorded, and last_known applies it again), so a changeling's record stays short.
SymbolList recorded_subtypes(const Characteristics& c) {
  if (!c.has_keyword(kChangeling)) return c.subtypes;
  SymbolList out;
  for (Symbol s : c.subtypes)
    if (!changeling_adds(s)) out.push_back(s);
  return out;
}

// Writes the subtypes `c` has on the battlefield, if they are not `printed`; returns the bits
// for kLkiTypes.
std::int64_t record_subtypes(Journal& j, ObjectId id, const Characteristics& c,
                             const SymbolList& printed) {
  if (c.subtypes == printed && !c.has_keyword(kChangeling)) return 0;
  const SymbolList subtypes = recorded_subtypes(c);
  for (std::size_t i = 0; i < subtypes.size(); ++i)
    j.set_attr(id, subtype_key(i), static_cast<std::int64_t>(subtypes[i].raw()));
  return static_cast<std::int64_t>(subtypes.size() + 1) << kSubtypeShift;
}

// The subtypes the record keeps: the printed ones, or those written out.
SymbolList subtypes_of(const GameObject& o, const SymbolList& printed, std::int64_t type_bits) {
  const std::int64_t n = (type_bits >> kSubtypeShift) - 1;
  if (n < 0) return printed;
  SymbolList out;
  for (std::int64_t i = 0; i < n; ++i)
    out.push_back(Symbol::from_raw(
        static_cast<std::uint64_t>(o.attrs.get(subtype_key(static_cast<std::size_t>(i))))));
  return out;
}

// The last known information of each permanent of `moves` that leaves the battlefield, and the
// batch it left in (before_moves).
void record_leaving(Game& game, std::span<const ZoneChangeEvent> moves) {
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
    Characteristics scratch;  // the view's reference stays as it was while the record is written
    const Characteristics& c = game.view(e.object, scratch);
    std::int64_t keywords = 0;
    for (std::size_t i = 0; i < kKeywordList.size(); ++i)
      if (c.has_keyword(kKeywordList[i])) keywords |= std::int64_t{1} << i;
    std::int64_t types = std::int64_t{c.colors.bits} << kColorShift;
    for (std::size_t i = 0; i < kCardTypeList.size(); ++i)
      if (c.has_type(kCardTypeList[i])) types |= std::int64_t{1} << i;
    types |= record_subtypes(j, e.object, c, game.card(e.object).base.subtypes);
    j.set_attr(e.object, kLkiZc, static_cast<std::int64_t>(o.zone_changes) + 1);
    j.set_attr(e.object, kLkiTypes, types);
    j.set_attr(e.object, kLkiKeywords, keywords);
    j.set_attr(e.object, kLkiPower, c.power);
    j.set_attr(e.object, kLkiToughness, c.toughness);
    j.set_attr(e.object, kLkiController, static_cast<std::int64_t>(o.controller.value) + 1);
  }
}

}  // namespace

void ClassicHooks::before_moves(Game& game, std::span<const ZoneChangeEvent> moves) {
  // Each step below works on the moves that enter the battlefield or on those that leave it:
  // most moves do neither (a draw, a cast, a spell to its graveyard), and each step's own look
  // for them (the batch attr's search above all) was a sixth of a move's instructions.
  bool enters = false;
  bool leaves = false;
  bool touches = false;  // any move onto, off or within a battlefield
  for (const ZoneChangeEvent& e : moves) {
    const bool from = e.from.kind == ZoneKind::battlefield;
    const bool to = e.to.kind == ZoneKind::battlefield;
    enters |= to && !from;
    leaves |= from && !to;
    touches |= from || to;
  }
  if (enters) {
    tap_entering(game, moves);            // enters tapped (614.1d, enters_tapped.cpp)
    give_entering_counters(game, moves);  // and with its loyalty (306.5b, entering_counters.cpp)
  }
  if (leaves) record_leaving(game, moves);
  // Last, after everything here that may run plugin code or throw: from here on the kernel makes
  // the moves, so the moves this counts happen (mana.cpp's argument for its count).
  if (touches) note_battlefield_moves(game, moves);
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
  c.colors.bits = static_cast<std::uint8_t>((type_bits >> kColorShift) & 0xff);
  c.subtypes = subtypes_of(o, game.card(id).base.subtypes, type_bits);
  c.keywords = {};
  const std::int64_t keywords = o.attrs.get(kLkiKeywords);
  for (std::size_t i = 0; i < kKeywordList.size(); ++i)
    if (keywords & (std::int64_t{1} << i)) c.add_keyword(kKeywordList[i]);
  // Changeling made it every creature type there (702.73a), whatever it is now.
  if (c.has_keyword(kChangeling)) changeling_effect()->apply(game, EffectContext{}, id, c);
  return lk;
}

}  // namespace anvil::rules_classic
