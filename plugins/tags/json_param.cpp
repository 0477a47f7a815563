// JSON → Param, with the line and column of every value and every key (so that every later
// error can name where in the file it is). nlohmann::json parses the text first, which gives its
// syntax errors; a small walk over the same text then records each key's and value's position.
#include <nlohmann/json.hpp>

#include "loader.hpp"

namespace anvil::tags {

namespace {

class Reader {
 public:
  Reader(std::string_view t, const std::string& file) : t_(t), file_(file) {}

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
      key_wheres.push_back(here());
      std::string key = string();
      expect(':');
      Param v = value();
      entries.emplace_back(std::move(key), std::move(v));
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
  std::size_t pos_ = 0;
  std::uint32_t line_ = 1, col_ = 1;
};

}  // namespace

Param json_to_param(std::string_view text, const std::string& file) {
  try {
    const auto checked = nlohmann::json::parse(text);  // syntax errors with their offset
    (void)checked;
  } catch (const nlohmann::json::parse_error& e) {
    // Byte offset → line and column.
    std::uint32_t line = 1, col = 1;
    for (std::size_t i = 0; i + 1 < e.byte && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    // The reason alone: the location is ours, and nlohmann's "[json.exception.parse_error.101]
    // parse error at line 2, column 1: " says it again with a code that means nothing here.
    std::string why = e.what();
    if (const std::size_t colon = why.find(": ");
        why.starts_with("[json.exception.") && colon != std::string::npos)
      why.erase(0, colon + 2);
    throw LoadError({file, line, col}, "invalid JSON: " + why);
  }
  return Reader(text, file).value();
}

}  // namespace anvil::tags
