// YAML → Param, strictly. yaml-cpp is forgiving (DESIGN.md §3): it keeps duplicate keys, gives
// an empty value the position of whatever follows it, reads an unterminated quote to the end of
// the file, and silently ignores a second document. Each of those is caught here, once, so that
// every reader downstream works on a clean Param tree with a true location on every value.
#include "pack/yaml_strict.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <system_error>
#include <utility>
#include <vector>

ANVIL_BEGIN_NAMESPACE

namespace {

// Where the quote opened at `open` closes, if it does.
std::optional<std::size_t> closing_quote(std::string_view text, std::size_t open, char quote) {
  for (std::size_t i = open + 1; i < text.size(); ++i) {
    if (quote == '"' && text[i] == '\\') {
      ++i;
    } else if (text[i] == quote) {
      if (quote == '\'' && i + 1 < text.size() && text[i + 1] == '\'') {
        ++i;  // '' is an escaped single quote
      } else {
        return i;
      }
    }
  }
  return std::nullopt;
}

// Whether the quote at `i` opens a quoted value: only spaces between it and the start of its line
// or a ':', '-', '[', '{', ',' or '?' ("Don't" and "# say \"hi" hold no opening quote).
bool opens_value(std::string_view text, std::size_t i) {
  while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t')) --i;
  return i == 0 || std::string_view("\n:-[{,?").find(text[i - 1]) != std::string_view::npos;
}

struct OpenQuote {
  std::uint32_t line = 0, column = 0;
  char quote = '"';
};

// A quoted value that spans lines and closes on `error_line` (1-based): a quote left open that a
// later quote closed, the likely cause of a syntax error on that line. YAML lets quoted text span
// lines, so yaml-cpp takes in everything up to that later quote and stumbles only after it.
std::optional<OpenQuote> quote_closing_on(std::string_view text, std::uint32_t error_line) {
  std::uint32_t line = 1, column = 1;
  for (std::size_t i = 0; i < text.size() && line <= error_line; ++i, ++column) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      column = 0;
    } else if (c == '#' && (i == 0 || text[i - 1] == ' ' || text[i - 1] == '\n')) {
      while (i + 1 < text.size() && text[i + 1] != '\n') ++i;  // a comment, to its end
    } else if ((c == '"' || c == '\'') && opens_value(text, i)) {
      const auto close = closing_quote(text, i, c);
      if (!close) return std::nullopt;
      const auto breaks = std::count(text.begin() + static_cast<std::ptrdiff_t>(i),
                                     text.begin() + static_cast<std::ptrdiff_t>(*close), '\n');
      if (breaks > 0 && line + breaks == error_line) return OpenQuote{line, column, c};
      line += static_cast<std::uint32_t>(breaks);
      column += static_cast<std::uint32_t>(*close - i);  // exact only when breaks == 0
      if (breaks > 0) column = static_cast<std::uint32_t>(*close - text.rfind('\n', *close));
      i = *close;
    }
  }
  return std::nullopt;
}

// The lines of `text`, numbered from 1: line(n) is empty past the end.
class Lines {
 public:
  explicit Lines(std::string_view text) {
    for (std::size_t start = 0; start <= text.size();) {
      std::size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      std::string_view l = text.substr(start, end - start);
      if (l.ends_with('\r')) l.remove_suffix(1);
      lines_.push_back(l);
      start = end + 1;
    }
  }
  std::string_view line(std::uint32_t n) const {
    return n >= 1 && n <= lines_.size() ? lines_[n - 1] : std::string_view();
  }

 private:
  std::vector<std::string_view> lines_;
};

// The value on line `line` (1-based) of `text` after its "key: " or "- ", when it is mana
// symbols unquoted ("{1}{G}{G}"): YAML reads "{1}" as a map and stumbles on what follows.
std::optional<std::string_view> unquoted_symbols(std::string_view text, std::uint32_t line) {
  std::string_view value = Lines(text).line(line);
  if (const auto colon = value.find(": "); colon != std::string_view::npos)
    value.remove_prefix(colon + 2);
  else if (const auto dash = value.find("- "); dash != std::string_view::npos)
    value.remove_prefix(dash + 2);
  while (value.starts_with(' ')) value.remove_prefix(1);
  while (value.ends_with(' ') || value.ends_with('\r')) value.remove_suffix(1);
  if (!value.starts_with('{') || !value.ends_with('}')) return std::nullopt;
  if (value.find("}{") == std::string_view::npos) return std::nullopt;
  return value;
}

// A line's map content: where its key would start (after the indentation and any "- " of list
// items) and the text from there.
struct LineContent {
  std::uint32_t column = 1;  // 1-based
  std::string_view text;
};

LineContent content_of(std::string_view line) {
  std::size_t at = 0;
  for (;;) {
    while (at < line.size() && line[at] == ' ') ++at;
    if (at + 1 < line.size() && line[at] == '-' && line[at + 1] == ' ') {
      at += 2;
      continue;
    }
    break;
  }
  return {static_cast<std::uint32_t>(at) + 1, line.substr(at)};
}

// A key written without its colon ("power 2" for "power: 2"). yaml-cpp reads such a line as the
// start of text, which runs on into the next key line, and fails only at that line's ':'
// ("illegal map value"), a line after the mistake; or, with a comment between, fails at the
// line itself ("end of map not found"). Found when the error is at a ':' and the line before it
// (blank lines and comments aside) starts where that key starts, or when the error is at the
// start of the line; and that line is a plain word and text with no ':' of its own, where a key
// belongs (not text running on from the value of the line above it).
struct MissingColon {
  std::uint32_t line = 0, column = 0;
  std::string_view written;  // the line's content, as written
  std::string fix;           // the same with the colon
};

// The nearest line before `line` that is neither blank nor a comment, or 0.
std::uint32_t significant_before(const Lines& lines, std::uint32_t line) {
  for (std::uint32_t l = line; l-- > 1;) {
    const std::string_view t = content_of(lines.line(l)).text;
    if (!t.empty() && !t.starts_with('#')) return l;
  }
  return 0;
}

std::optional<MissingColon> colon_missing_at(const Lines& lines, std::uint32_t line) {
  const LineContent content = content_of(lines.line(line));
  std::string_view written = content.text;
  if (const auto comment = written.find(" #"); comment != std::string_view::npos)
    written = written.substr(0, comment);
  while (written.ends_with(' ')) written.remove_suffix(1);
  if (written.empty() || !std::isalpha(static_cast<unsigned char>(written[0]))) return std::nullopt;
  if (written.find(": ") != std::string_view::npos || written.ends_with(':')) return std::nullopt;
  const auto is_word = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  };
  std::size_t key_end = 0;
  while (key_end < written.size() && is_word(written[key_end])) ++key_end;
  if (key_end < written.size() && written[key_end] != ' ') return std::nullopt;
  // Indented under a "key: value" line, it is that value running on, as YAML allows.
  if (const std::uint32_t above = significant_before(lines, line)) {
    const LineContent a = content_of(lines.line(above));
    const auto colon = a.text.find(": ");
    if (a.column < content.column && colon != std::string_view::npos &&
        a.text.find_first_not_of(' ', colon + 1) != std::string_view::npos)
      return std::nullopt;
  }
  std::string fix(written.substr(0, key_end));
  fix += ':';
  fix.append(written.substr(key_end));
  return MissingColon{line, content.column, written, std::move(fix)};
}

std::optional<MissingColon> colon_missing_near(std::string_view text, std::uint32_t line,
                                               std::uint32_t column) {
  const Lines lines(text);
  const std::string_view failing = lines.line(line);
  if (column == 0 || column > failing.size()) return std::nullopt;
  const LineContent content = content_of(failing);
  if (column == content.column) return colon_missing_at(lines, line);
  if (failing[column - 1] != ':') return std::nullopt;
  const std::uint32_t before = significant_before(lines, line);
  if (before == 0 || content_of(lines.line(before)).column != content.column) return std::nullopt;
  return colon_missing_at(lines, before);
}

class Converter {
 public:
  Converter(std::string_view text, const std::string& file, std::vector<Diagnostic>& diagnostics,
            const YamlLimits& limits)
      : text_(text), file_(file), diagnostics_(diagnostics), limits_(limits) {}

  SourceLocation at(const YAML::Mark& mark) const {
    if (mark.is_null() || mark.line < 0) return {file_, 0, 0};
    return {file_, static_cast<std::uint32_t>(mark.line) + 1,
            static_cast<std::uint32_t>(mark.column) + 1};
  }

  // Whether a limit refused the file: its tree is then incomplete and must not be read (the
  // values past the limit are empty stand-ins, which readers would report as thousands of
  // unrelated errors, and the cards before it would load from a refused file).
  bool refused() const { return refused_; }

  Param convert(const YAML::Node& node, const SourceLocation& fallback, std::size_t depth) {
    if (refused_) return Param::scalar({}, fallback);
    if (++values_ > limits_.max_values) {
      refuse(at(node.Mark()), "more than " + std::to_string(limits_.max_values) +
                                  " values (after expanding aliases); the file is refused");
      return Param::scalar({}, fallback);
    }
    if (depth > limits_.max_depth) {
      refuse(at(node.Mark()), "values nested deeper than " + std::to_string(limits_.max_depth) +
                                  " levels; the file is refused");
      return Param::scalar({}, fallback);
    }
    switch (node.Type()) {
      case YAML::NodeType::Scalar:
        return scalar(node);
      case YAML::NodeType::Sequence:
        return sequence(node, depth);
      case YAML::NodeType::Map:
        return map(node, depth);
      case YAML::NodeType::Null:
      case YAML::NodeType::Undefined:
        break;
    }
    // An empty value's mark is where the next token starts, often the next line: use the
    // location the caller knows (the key's) instead.
    return Param::scalar({}, fallback.line != 0 ? fallback : at(node.Mark()));
  }

 private:
  void report(SourceLocation where, std::string message) {
    diagnostics_.push_back({Diagnostic::Severity::error, std::move(where), std::move(message)});
  }
  void refuse(SourceLocation where, std::string message) {
    report(std::move(where), std::move(message));
    refused_ = true;
  }

  Param scalar(const YAML::Node& node) {
    SourceLocation where = at(node.Mark());
    const int pos = node.Mark().pos;
    if (node.Tag() == "!" && pos >= 0 && static_cast<std::size_t>(pos) < text_.size()) {
      const char quote = text_[static_cast<std::size_t>(pos)];
      if (quote == '"' || quote == '\'') {
        if (!closed(static_cast<std::size_t>(pos), quote)) {
          // Everything after it is read as this text, so whatever else is found wrong follows
          // from it: the file is refused with this one error.
          refuse(where,
                 std::string("unterminated quoted text: the ") +
                     (quote == '"' ? "double" : "single") +
                     " quote opened here is never closed, so it runs to the end of the file");
        }
        ++where.column;  // point at the text, so columns inside it (classic lines) are exact
      }
    }
    return Param::scalar(node.Scalar(), std::move(where));
  }

  // Whether the quote at `open` has its closing quote in the text.
  bool closed(std::size_t open, char quote) const {
    return closing_quote(text_, open, quote).has_value();
  }

  Param sequence(const YAML::Node& node, std::size_t depth) {
    const SourceLocation where = at(node.Mark());
    std::vector<Param> items;
    items.reserve(node.size());
    for (const YAML::Node& item : node) items.push_back(convert(item, where, depth + 1));
    return Param::list(std::move(items), where);
  }

  Param map(const YAML::Node& node, std::size_t depth) {
    const SourceLocation where = at(node.Mark());
    std::vector<std::pair<std::string, Param>> entries;
    std::vector<SourceLocation> key_wheres;
    std::map<std::string, SourceLocation, std::less<>> seen;
    for (auto it = node.begin(); it != node.end(); ++it) {
      const SourceLocation key_where = at(it->first.Mark());
      if (!it->first.IsScalar()) {
        report(key_where, "a key must be plain text, not a list or a map");
        continue;
      }
      const std::string& key = it->first.Scalar();
      if (auto [first, inserted] = seen.emplace(key, key_where); !inserted) {
        report(key_where, "duplicate key '" + key + "' (first given at line " +
                              std::to_string(first->second.line) + "); the second one is ignored");
        continue;
      }
      entries.emplace_back(key, convert(it->second, key_where, depth + 1));
      key_wheres.push_back(key_where);
    }
    return Param::map(std::move(entries), std::move(key_wheres), where);
  }

  std::string_view text_;
  const std::string& file_;
  std::vector<Diagnostic>& diagnostics_;
  const YamlLimits& limits_;
  std::size_t values_ = 0;
  bool refused_ = false;
};

// Listens to yaml-cpp's parser for where each document starts, and nothing else.
class DocumentStarts final : public YAML::EventHandler {
 public:
  std::optional<YAML::Mark> start;
  void OnDocumentStart(const YAML::Mark& mark) override { start = mark; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t,
                const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

// What reading the documents of `text` one after the other finds, up to the third.
struct DocumentScan {
  std::optional<YAML::Mark> second;  // where a second document starts
  std::optional<YAML::Mark> stuck;   // where the parser cannot read on
};

// yaml-cpp 0.7 (Debian 12's) cannot read on from a stray ',' outside a flow collection: its
// parser then hands back an empty document at that same place on every call, and YAML::LoadAll,
// which calls it until it says there is no more, loops forever, allocating (jbeder/yaml-cpp#1040,
// fixed upstream by #1319 after 0.7). So the documents are read here one at a time with the
// public Parser, and a document that starts where the one before it started is that place.
// Throws YAML::Exception for a syntax error, as LoadAll would.
DocumentScan scan_documents(std::string_view text) {
  std::istringstream in{std::string(text)};
  YAML::Parser parser(in);
  DocumentScan scan;
  std::optional<YAML::Mark> previous;
  // A third document is read too: the second may be the first of the endless empty ones (a ','
  // after the first document), which the third, starting at the same place, shows.
  for (int documents = 0; documents < 3; ++documents) {
    DocumentStarts starts;
    if (!parser.HandleNextDocument(starts)) break;
    if (starts.start && previous && starts.start->pos == previous->pos) {
      scan.stuck = starts.start;
      break;
    }
    if (documents == 1) scan.second = starts.start;
    previous = starts.start;
  }
  return scan;
}

}  // namespace

std::optional<Param> parse_yaml(std::string_view text, const std::string& file,
                                std::vector<Diagnostic>& diagnostics, const YamlLimits& limits) {
  Converter converter(text, file, diagnostics, limits);
  if (text.size() > limits.max_bytes) {
    diagnostics.push_back(
        {Diagnostic::Severity::error,
         {file, 0, 0},
         "the file is larger than " + std::to_string(limits.max_bytes) + " bytes; it is refused"});
    return std::nullopt;
  }
  if (auto nul = pack_detail::nul_byte(text, file)) {
    diagnostics.push_back(std::move(*nul));
    return std::nullopt;
  }
  YAML::Node document;
  DocumentScan scan;
  try {
    scan = scan_documents(text);
    if (!scan.stuck) document = YAML::Load(std::string(text));  // the first document only
  } catch (const YAML::Exception& e) {
    // e.msg is yaml-cpp's message without its own "line X, column Y" prefix.
    const SourceLocation where = converter.at(e.mark);
    if (const auto open = quote_closing_on(text, where.line)) {
      diagnostics.push_back({Diagnostic::Severity::error,
                             {file, open->line, open->column},
                             std::string("the ") + (open->quote == '"' ? "double" : "single") +
                                 " quote opened here is closed only on line " +
                                 std::to_string(where.line) + ", where the YAML then fails (" +
                                 std::to_string(where.line) + ":" + std::to_string(where.column) +
                                 ": " + e.msg + "); is its closing quote missing?"});
      return std::nullopt;
    }
    if (const auto missing = colon_missing_near(text, where.line, where.column)) {
      std::string problem = "YAML syntax error: '" + std::string(missing->written) +
                            "' has no ':' after its key; write '" + missing->fix + "' (";
      if (missing->line == where.line)
        problem += "yaml-cpp: " + e.msg + ")";
      else
        problem += "YAML reads the line as text running on into line " +
                   std::to_string(where.line) + ", and fails there: " + std::to_string(where.line) +
                   ":" + std::to_string(where.column) + ": " + e.msg + ")";
      diagnostics.push_back({Diagnostic::Severity::error,
                             {file, missing->line, missing->column},
                             std::move(problem)});
      return std::nullopt;
    }
    std::string problem = "YAML syntax error: " + e.msg;
    if (const auto symbols = unquoted_symbols(text, where.line))
      problem += "; YAML reads " + std::string(*symbols) +
                 " unquoted as maps, not as text; quote it: \"" + std::string(*symbols) + "\"";
    diagnostics.push_back({Diagnostic::Severity::error, where, std::move(problem)});
    return std::nullopt;
  }
  if (scan.stuck) {
    const auto at = static_cast<std::size_t>(std::max(0, scan.stuck->pos));
    std::string problem = "YAML syntax error: the YAML cannot be read on from here";
    if (at < text.size() && text[at] == ',') problem += " (a ',' outside [...] or {...})";
    diagnostics.push_back({Diagnostic::Severity::error, converter.at(*scan.stuck), problem});
    return std::nullopt;
  }
  if (scan.second) {
    diagnostics.push_back({Diagnostic::Severity::error, converter.at(*scan.second),
                           "a second YAML document ('---') starts here; a file holds one"});
  }
  Param root = converter.convert(document, {file, 0, 0}, 0);
  if (converter.refused()) return std::nullopt;
  return root;
}

namespace pack_detail {

std::optional<Diagnostic> nul_byte(std::string_view text, const std::string& file) {
  const std::size_t at = text.find('\0');
  if (at == std::string_view::npos) return std::nullopt;
  const std::size_t newline = text.rfind('\n', at);
  const std::size_t line_start = newline == std::string_view::npos ? 0 : newline + 1;
  const auto line = static_cast<std::uint32_t>(
      std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n') + 1);
  constexpr std::size_t kShown = 24;
  std::string_view before = text.substr(line_start, at - line_start);
  if (before.size() > kShown) before = before.substr(before.size() - kShown);
  while (!before.empty() && (before.front() & 0xC0) == 0x80) before.remove_prefix(1);  // UTF-8
  const std::string where =
      before.empty() ? "at the start of the line" : "after '" + std::string(before) + "'";
  return Diagnostic{Diagnostic::Severity::error,
                    {file, line, static_cast<std::uint32_t>(at - line_start + 1)},
                    "a NUL byte (0x00) " + where +
                        "; text files hold none (is the file binary, or text saved as UTF-16? "
                        "save it as UTF-8)"};
}

std::optional<std::string> read_text_file(const std::filesystem::path& file,
                                          std::vector<Diagnostic>& diagnostics,
                                          std::size_t max_bytes) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(file, ec);
  if (ec) {
    error(diagnostics, {file.string(), 0, 0}, "cannot read the file: " + ec.message());
    return std::nullopt;
  }
  if (size > max_bytes) {
    error(diagnostics, {file.string(), 0, 0},
          "the file is " + std::to_string(size) + " bytes, more than the " +
              std::to_string(max_bytes) + " allowed; it is refused");
    return std::nullopt;
  }
  std::ifstream in(file, std::ios::binary);
  std::ostringstream contents;
  contents << in.rdbuf();
  if (!in && !in.eof()) {
    error(diagnostics, {file.string(), 0, 0}, "cannot read the file");
    return std::nullopt;
  }
  return std::move(contents).str();
}

std::optional<Param> load_yaml_file(const std::filesystem::path& file,
                                    std::vector<Diagnostic>& diagnostics) {
  const YamlLimits limits;
  auto text = read_text_file(file, diagnostics, limits.max_bytes);
  if (!text) return std::nullopt;
  return parse_yaml(*text, file.string(), diagnostics, limits);
}

void error(std::vector<Diagnostic>& diagnostics, SourceLocation where, std::string message) {
  diagnostics.push_back({Diagnostic::Severity::error, std::move(where), std::move(message)});
}

void warning(std::vector<Diagnostic>& diagnostics, SourceLocation where, std::string message) {
  diagnostics.push_back({Diagnostic::Severity::warning, std::move(where), std::move(message)});
}

std::optional<std::string> read_text(const Param& value, std::string_view what,
                                     std::vector<Diagnostic>& diagnostics) {
  if (!value.is_scalar()) {
    error(diagnostics, value.where(),
          std::string(what) + " must be a single text value, not a " +
              (value.is_list() ? "list" : "map"));
    return std::nullopt;
  }
  if (value.text().empty()) {
    error(diagnostics, value.where(), std::string(what) + " is empty");
    return std::nullopt;
  }
  return value.text();
}

std::vector<std::string> read_text_list(const Param& value, std::string_view what,
                                        std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> out;
  if (value.is_scalar()) {
    if (auto t = read_text(value, what, diagnostics)) out.push_back(*t);
    return out;
  }
  if (!value.is_list()) {
    error(diagnostics, value.where(), std::string(what) + " must be a list of texts, not a map");
    return out;
  }
  for (const Param& item : value.items())
    if (auto t = read_text(item, std::string("an item of ") + std::string(what), diagnostics))
      out.push_back(*t);
  return out;
}

std::size_t count(const std::vector<Diagnostic>& diagnostics, Diagnostic::Severity severity) {
  std::size_t n = 0;
  for (const Diagnostic& d : diagnostics) n += d.severity == severity;
  return n;
}

}  // namespace pack_detail

ANVIL_END_NAMESPACE
