// Changeling (702.73): the object is every creature type. A rules effect in the type layer adds
// every creature type of rule 205.3m to the subtypes of an object with changeling, so any
// has_subtype() query sees them; land types are never added.
#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// Rule 205.3m (Comprehensive Rules, April 2022).
constexpr std::string_view kCreatureTypes[] = {
    "Advisor",      "Aetherborn",   "Ally",        "Angel",       "Antelope",     "Ape",
    "Archer",       "Archon",       "Army",        "Artificer",   "Assassin",     "Assembly-Worker",
    "Atog",         "Aurochs",      "Avatar",      "Azra",        "Badger",       "Barbarian",
    "Bard",         "Basilisk",     "Bat",         "Bear",        "Beast",        "Beeble",
    "Beholder",     "Berserker",    "Bird",        "Blinkmoth",   "Boar",         "Bringer",
    "Brushwagg",    "Camarid",      "Camel",       "Caribou",     "Carrier",      "Cat",
    "Centaur",      "Cephalid",     "Chimera",     "Citizen",     "Cleric",       "Cockatrice",
    "Construct",    "Coward",       "Crab",        "Crocodile",   "Cyclops",      "Dauthi",
    "Demigod",      "Demon",        "Deserter",    "Devil",       "Dinosaur",     "Djinn",
    "Dog",          "Dragon",       "Drake",       "Dreadnought", "Drone",        "Druid",
    "Dryad",        "Dwarf",        "Efreet",      "Egg",         "Elder",        "Eldrazi",
    "Elemental",    "Elephant",     "Elf",         "Elk",         "Eye",          "Faerie",
    "Ferret",       "Fish",         "Flagbearer",  "Fox",         "Fractal",      "Frog",
    "Fungus",       "Gargoyle",     "Germ",        "Giant",       "Gith",         "Gnoll",
    "Gnome",        "Goat",         "Goblin",      "God",         "Golem",        "Gorgon",
    "Graveborn",    "Gremlin",      "Griffin",     "Hag",         "Halfling",     "Hamster",
    "Harpy",        "Hellion",      "Hippo",       "Hippogriff",  "Homarid",      "Homunculus",
    "Horror",       "Horse",        "Human",       "Hydra",       "Hyena",        "Illusion",
    "Imp",          "Incarnation",  "Inkling",     "Insect",      "Jackal",       "Jellyfish",
    "Juggernaut",   "Kavu",         "Kirin",       "Kithkin",     "Knight",       "Kobold",
    "Kor",          "Kraken",       "Lamia",       "Lammasu",     "Leech",        "Leviathan",
    "Lhurgoyf",     "Licid",        "Lizard",      "Manticore",   "Masticore",    "Mercenary",
    "Merfolk",      "Metathran",    "Minion",      "Minotaur",    "Mole",         "Monger",
    "Mongoose",     "Monk",         "Monkey",      "Moonfolk",    "Mouse",        "Mutant",
    "Myr",          "Mystic",       "Naga",        "Nautilus",    "Nephilim",     "Nightmare",
    "Nightstalker", "Ninja",        "Noble",       "Noggle",      "Nomad",        "Nymph",
    "Octopus",      "Ogre",         "Ooze",        "Orb",         "Orc",          "Orgg",
    "Otter",        "Ouphe",        "Ox",          "Oyster",      "Pangolin",     "Peasant",
    "Pegasus",      "Pentavite",    "Pest",        "Phelddagrif", "Phoenix",      "Phyrexian",
    "Pilot",        "Pincher",      "Pirate",      "Plant",       "Praetor",      "Prism",
    "Processor",    "Rabbit",       "Ranger",      "Rat",         "Rebel",        "Reflection",
    "Rhino",        "Rigger",       "Rogue",       "Sable",       "Salamander",   "Samurai",
    "Sand",         "Saproling",    "Satyr",       "Scarecrow",   "Scion",        "Scorpion",
    "Scout",        "Sculpture",    "Serf",        "Serpent",     "Servo",        "Shade",
    "Shaman",       "Shapeshifter", "Shark",       "Sheep",       "Siren",        "Skeleton",
    "Slith",        "Sliver",       "Slug",        "Snake",       "Soldier",      "Soltari",
    "Spawn",        "Specter",      "Spellshaper", "Sphinx",      "Spider",       "Spike",
    "Spirit",       "Splinter",     "Sponge",      "Squid",       "Squirrel",     "Starfish",
    "Surrakar",     "Survivor",     "Tentacle",    "Tetravite",   "Thalakos",     "Thopter",
    "Thrull",       "Tiefling",     "Treefolk",    "Trilobite",   "Triskelavite", "Troll",
    "Turtle",       "Unicorn",      "Vampire",     "Vedalken",    "Viashino",     "Volver",
    "Wall",         "Warlock",      "Warrior",     "Weird",       "Werewolf",     "Whale",
    "Wizard",       "Wolf",         "Wolverine",   "Wombat",      "Worm",         "Wraith",
    "Wurm",         "Yeti",         "Zombie",      "Zubera"};

class ChangelingEffect final : public ContinuousEffect {
 public:
  Layer layer() const override { return Layer::type; }
  bool affects(const Game&, const EffectContext&, ObjectId,
               const Characteristics& so_far) const override {
    return so_far.has_keyword(kChangeling);
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics& c) const override {
    for (std::string_view name : kCreatureTypes) {
      const Symbol s(name);
      if (!c.has_subtype(s)) c.subtypes.push_back(s);
    }
  }
  bool may_read_turn() const override { return false; }  // the object's keywords only
  Requirement requirement() const override { return {.counters = false, .keyword = kChangeling}; }
};

}  // namespace

bool changeling_adds(Symbol subtype) {
  static const std::vector<std::uint64_t> sorted = [] {
    std::vector<std::uint64_t> raws;
    for (std::string_view name : kCreatureTypes) raws.push_back(Symbol(name).raw());
    std::ranges::sort(raws);
    return raws;
  }();
  return std::ranges::binary_search(sorted, subtype.raw());
}

std::shared_ptr<const ContinuousEffect> changeling_effect() {
  static const auto effect = std::make_shared<ChangelingEffect>();
  return effect;
}

}  // namespace anvil::rules_classic
