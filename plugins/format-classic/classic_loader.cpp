#include "classic_loader.hpp"

#include <charconv>
#include <string>
#include <utility>
#include <vector>

#include "mana_cost.hpp"
#include "type_line.hpp"

namespace anvil::format_classic {

namespace {

struct Line {
  std::string_view text;
  std::uint32_t number = 0;  // 1-based
};

// Lines without '\r' and trailing spaces, grouped into blocks separated by blank lines.
std::vector<std::vector<Line>> blocks_of(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // UTF-8 byte order mark
  std::vector<std::vector<Line>> blocks(1);
  std::uint32_t number = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t nl = text.find('\n', start);
    std::string_view line = text.substr(start, nl == std::string_view::npos ? nl : nl - start);
    ++number;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos) {
      if (!blocks.back().empty()) blocks.emplace_back();
    } else {
      blocks.back().push_back({line, number});
    }
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  if (blocks.back().empty()) blocks.pop_back();
  return blocks;
}

bool is_power_toughness(std::string_view s) {
  const auto slash = s.find('/');
  if (slash == std::string_view::npos || slash == 0 || slash + 1 == s.size()) return false;
  auto number = [](std::string_view n) {
    if (n.starts_with('-')) n.remove_prefix(1);
    return !n.empty() && n.find_first_not_of("0123456789") == std::string_view::npos;
  };
  return number(s.substr(0, slash)) && number(s.substr(slash + 1));
}

std::vector<Symbol> symbols(const std::vector<std::string>& words) {
  std::vector<Symbol> out;
  for (const std::string& w : words) out.emplace_back(w);
  return out;
}

class BlockReader {
 public:
  BlockReader(const std::vector<Line>& lines, std::string file, CardFileContext& ctx)
      : lines_(lines), file_(std::move(file)), ctx_(ctx) {}

  void read() {
    card_.name = std::string(lines_[0].text);
    card_.pack = ctx_.pack;
    card_.where = at(lines_[0], 0);
    if (lines_.size() < 2)
      return error(at(lines_[0], 0),
                   "ends after its name; a card needs a mana cost and a type line");
    if (is_type_line(lines_[1].text)) {
      return error(
          at(lines_[1], 0),
          "has no mana cost line (line " + std::to_string(lines_[1].number) + " is its type line)",
          "write 'no cost' on the second line of a card without a mana cost");
    }
    guard([&] { read_cost(lines_[1]); });
    if (lines_.size() < 3) return error(at(lines_[1], 0), "ends before its type line");
    bool creature = false;
    const bool typed = guard([&] {
      if (lines_[2].text == "no text")
        throw LoadError(
            at(lines_[2], 0),
            "has no type line (line " + std::to_string(lines_[2].number) + " is its text)",
            "the third line is the type line, e.g. 'Sorcery'");
      const TypeLine t = parse_type_line(lines_[2].text, at(lines_[2], 0));
      card_.base.supertypes = symbols(t.supertypes);
      card_.base.types = symbols(t.types);
      card_.base.subtypes = symbols(t.subtypes);
      for (const std::string& type : t.types) creature |= type == "Creature";
    });
    read_body(creature, typed);
    if (errors_ == 0) ctx_.cards.push_back(std::move(card_));
  }

 private:
  SourceLocation at(const Line& line, std::size_t offset) const {
    return SourceLocation{file_, line.number, static_cast<std::uint32_t>(offset + 1)};
  }

  // Every message names the card.
  // `problem` is either the card's own ("has no type line") or another's ("unknown keyword …").
  void error(SourceLocation where, const std::string& problem, const std::string& hint = {},
             bool own = true) {
    ++errors_;
    std::string message = "card '" + card_.name + (own ? "' " : "': ") + problem;
    if (!hint.empty()) message += "; " + hint;
    ctx_.error(std::move(where), std::move(message));
  }

  template <class F>
  bool guard(F&& f) {
    try {
      f();
      return true;
    } catch (const LoadError& e) {
      // Problems this loader words about the card itself read on from its name.
      const bool own = e.problem().starts_with("has ") || e.problem().starts_with("ends ") ||
                       e.problem().starts_with("is ");
      error(e.where(), e.problem(), e.hint(), own);
      return false;
    }
  }

  // A mana cost that fails to parse but reads as a type line: the cost line was left out.
  static bool is_type_line(std::string_view text) {
    if (text == "no cost" || text.empty() || text.front() == '{') return false;
    try {
      (void)parse_mana_cost(text, {});
      return false;
    } catch (const LoadError&) {
    }
    try {
      (void)parse_type_line(text, {});
      return true;
    } catch (const LoadError&) {
      return false;
    }
  }

  void read_cost(const Line& line) {
    if (line.text == "no cost") return;  // lands and tokens: no mana cost, not a cost of 0
    card_.base.cost = parse_mana_cost(line.text, at(line, 0));
    card_.base.colors = card_.base.cost.colors();  // rule 105.2
  }

  void read_body(bool creature, bool typed) {
    bool text_allowed = true, have_pt = false;
    for (std::size_t i = 3; i < lines_.size(); ++i) {
      const Line& line = lines_[i];
      if (text_allowed && line.text == "no text") {
        text_allowed = false;
        continue;
      }
      if (is_power_toughness(line.text)) {
        guard([&] { read_power_toughness(line, creature, typed, have_pt); });
        have_pt = true;
        text_allowed = false;
        continue;
      }
      if (text_allowed && !looks_like_keyword(line.text)) {
        card_.rules_text = std::string(line.text);
        text_allowed = false;
        continue;
      }
      text_allowed = false;
      guard([&] {
        CompileContext cc{ctx_.registry, card_, at(line, 0), ctx_.diagnostics};
        compile_keyword(Params::parse_classic(line.text, at(line, 0)), cc);
      });
    }
    if (creature && !have_pt)
      error(at(lines_[2], 0), "is a creature but has no power/toughness line",
            "add a line such as '2/2' after its text");
  }

  void read_power_toughness(const Line& line, bool creature, bool typed, bool have_pt) {
    if (typed && !creature)
      throw LoadError(at(line, 0),
                      "is not a creature but has power/toughness '" + std::string(line.text) + "'");
    if (have_pt) throw LoadError(at(line, 0), "has a second power/toughness line");
    const auto slash = line.text.find('/');
    auto parse = [&](std::string_view n, std::size_t offset) {
      std::int32_t v = 0;
      auto [end, ec] = std::from_chars(n.data(), n.data() + n.size(), v);
      if (ec != std::errc() || end != n.data() + n.size() || v < -1'000'000 || v > 1'000'000)
        throw LoadError(at(line, offset),
                        "power/toughness '" + std::string(line.text) + "' is out of range");
      return v;
    };
    card_.base.power = parse(line.text.substr(0, slash), 0);
    card_.base.toughness = parse(line.text.substr(slash + 1), slash + 1);
    card_.base.has_stats = true;
  }

  // A keyword line starts with a registered keyword, or with one word before any ':' (an
  // unknown one is then reported with a did-you-mean). Rules text is a sentence.
  bool looks_like_keyword(std::string_view text) const {
    const std::string_view head = text.substr(0, text.find(':'));
    if (ctx_.registry.entry(PluginKind::keyword, head)) return true;
    return head.find(' ') == std::string_view::npos;
  }

  const std::vector<Line>& lines_;
  std::string file_;
  CardFileContext& ctx_;
  CardDef card_;
  int errors_ = 0;
};

}  // namespace

void ClassicLoader::load(const std::filesystem::path& file, std::string_view text,
                         CardFileContext& ctx) const {
  const auto blocks = blocks_of(text);
  if (blocks.empty()) {
    ctx.diagnostics.push_back(
        {Diagnostic::Severity::warning, {file.string(), 0, 0}, "the file has no cards"});
    return;
  }
  for (const auto& block : blocks) BlockReader(block, file.string(), ctx).read();
}

}  // namespace anvil::format_classic
