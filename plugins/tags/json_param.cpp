// JSON → Param, with the line and column of every value and every key (so that every later
// error can name where in the file it is). nlohmann::json parses the text first, which gives its
// syntax errors; a small walk over the same text then records each key's and value's position.
#include <algorithm>
#include <anvil/pack.hpp>
#include <nlohmann/json.hpp>
#include <optional>

#include "loader.hpp"

namespace anvil::tags {

namespace {

class Reader {
 public:
  Reader(std::string_view t, const std::string& file, std::vector<Diagnostic>& diagnostics)
      : t_(t), file_(file), diagnostics_(diagnostics) {}

  Param value() {
    skip();
    const SourceLocation at = here();
    if (pos_ >= t_.size()) fail("unexpected end of the file");
    const char ch = t_[pos_];
    if (ch == '{') return object(at);
    if (ch == '[') return array(at);
    if (ch == '"') return Param::scalar(string(), at);
    const std::size_t start = pos_;
    while (pos_ < t_.size() && std::string_view(",]} \t\r\n").find(t_[pos_]) == std::string_view::npos)
      advance();
    std::string word(t_.substr(start, pos_ - start));
    if (word == "null") word.clear();
    return Param::scalar(std::move(word), at);
  }

 private:
  SourceLocation here() const { return {file_, line_, col_}; }
  [[noreturn]] void fail(const std::string& what) const { throw LoadError(here(), what); }
  void advance() {
    if (t_[pos_] == '\n') {
      ++line_;
      col_ = 1;
    } else {
      ++col_;
    }
    ++pos_;
  }
  void skip() {
    while (pos_ < t_.size() && std::string_view(" \t\r\n").find(t_[pos_]) != std::string_view::npos) advance();
  }
  void expect(char c) {
    skip();
    if (pos_ >= t_.size() || t_[pos_] != c) fail(std::string("expected '") + c + "'");
    advance();
  }
  std::string string() {
    expect('"');
    std::string out;
    while (pos_ < t_.size() && t_[pos_] != '"') {
      if (t_[pos_] == '\\') {
        advance();
        if (pos_ >= t_.size()) break;
        const char e = t_[pos_];
        if (e == 'u') {  // nlohmann already validated it: decode through it
          const std::string_view hex = t_.substr(pos_ - 1, 6);
          out += nlohmann::json::parse("\"" + std::string(hex) + "\"").get<std::string>();
          for (int i = 0; i < 5; ++i) advance();
          continue;
        }
        out += e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e == 'b' ? '\b' : e == 'f' ? '\f' : e;
        advance();
        continue;
      }
      out += t_[pos_];
      advance();
    }
    expect('"');
    return out;
  }
  Param object(SourceLocation at) {
    expect('{');
    std::vector<std::pair<std::string, Param>> entries;
    std::vector<SourceLocation> key_wheres;
    skip();
    if (pos_ < t_.size() && t_[pos_] == '}') {
      advance();
      return Param::map(std::move(entries), at);
    }
    for (;;) {
      skip();
      const SourceLocation key_where = here();
      std::string key = string();
      expect(':');
      Param v = value();
      if (const auto first = std::find_if(entries.begin(), entries.end(),
                                          [&](const auto& e) { return e.first == key; });
          first != entries.end()) {
        // As in YAML (parse_yaml): nlohmann keeps the last silently; a reader would see only
        // one of the two values, and which one is not what the author expects.
        const SourceLocation& first_where = key_wheres[first - entries.begin()];
        diagnostics_.push_back({Diagnostic::Severity::error, key_where,
                                "duplicate key '" + key + "' (first given at line " +
                                    std::to_string(first_where.line) +
                                    "); the second one is ignored"});
      } else {
        key_wheres.push_back(key_where);
        entries.emplace_back(std::move(key), std::move(v));
      }
      skip();
      if (pos_ < t_.size() && t_[pos_] == ',') {
        advance();
        continue;
      }
      expect('}');
      return Param::map(std::move(entries), std::move(key_wheres), at);
    }
  }
  Param array(SourceLocation at) {
    expect('[');
    std::vector<Param> items;
    skip();
    if (pos_ < t_.size() && t_[pos_] == ']') {
      advance();
      return Param::list(std::move(items), at);
    }
    for (;;) {
      items.push_back(value());
      skip();
      if (pos_ < t_.size() && t_[pos_] == ',') {
        advance();
        continue;
      }
      expect(']');
      return Param::list(std::move(items), at);
    }
  }

  std::string_view t_;
  const std::string& file_;
  std::vector<Diagnostic>& diagnostics_;
  std::size_t pos_ = 0;
  std::uint32_t line_ = 1, col_ = 1;
};

// The location of the byte at `offset` (0-based) of `text`.
SourceLocation location_at(std::string_view text, std::size_t offset, const std::string& file) {
  std::uint32_t line = 1, col = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return {file, line, col};
}

// The offset of the first bracket that opens a value nested deeper than `limit`, if any.
// Checked before anything recurses over the tree: 20,000 levels of `[` would overflow the stack
// of the reader below (and of every walk over the Param tree).
std::optional<std::size_t> too_deep(std::string_view text, std::size_t limit) {
  std::size_t depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return i;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return std::nullopt;
}

// nlohmann's message without its "[json.exception.parse_error.101] parse error at line 2,
// column 1: " prefix: the location is ours, and the code means nothing to a card author.
std::string reason(const std::string& what) {
  std::string why = what;
  if (const std::size_t bracket = why.find("] ");
      why.starts_with("[json.exception.") && bracket != std::string::npos)
    why.erase(0, bracket + 2);
  if (const std::size_t colon = why.find(": ");
      why.starts_with("parse error") && colon != std::string::npos)
    why.erase(0, colon + 2);
  return why;
}

// Checks the syntax without building a tree (nlohmann's SAX parser keeps its own stack, so it
// does not recurse) and keeps the first error with the offset where it starts.
class SyntaxCheck final : public nlohmann::json_sax<nlohmann::json> {
 public:
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t position, const std::string& last_token,
                   const nlohmann::detail::exception& e) override {
    // A syntax error's position is 1-based, at the byte that broke it; a number too large for
    // a double (out_of_range 406, "1e400") is reported after its last digit: point at its first.
    offset = e.id == 406 && position >= last_token.size() ? position - last_token.size()
             : position > 0                               ? position - 1
                                                          : 0;
    message = reason(e.what());
    return false;
  }

  std::size_t offset = 0;
  std::string message;
};

}  // namespace

Param json_to_param(std::string_view text, const std::string& file,
                    std::vector<Diagnostic>& diagnostics) {
  // The limit YAML files have (docs/pack-format.md, "Limits against hostile input").
  const std::size_t max_depth = YamlLimits{}.max_depth;
  if (const auto at = too_deep(text, max_depth))
    throw LoadError(
        location_at(text, *at, file),
        "values nested deeper than " + std::to_string(max_depth) + " levels; the file is refused");
  SyntaxCheck check;
  if (!nlohmann::json::sax_parse(text.begin(), text.end(), &check))
    throw LoadError(location_at(text, check.offset, file), "invalid JSON: " + check.message);
  return Reader(text, file, diagnostics).value();
}

}  // namespace anvil::tags
