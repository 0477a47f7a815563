#include "anvil/params.hpp"

#include <algorithm>
#include <charconv>
#include <utility>

ANVIL_BEGIN_NAMESPACE

namespace {

const char* kind_name(Param::Kind k) {
  switch (k) {
    case Param::Kind::scalar:
      return "a single value";
    case Param::Kind::list:
      return "a list";
    case Param::Kind::map:
      return "a map";
  }
  return "?";
}

// Schema names end in '?' when optional.
std::string_view bare(std::string_view schema_name) {
  if (schema_name.ends_with('?')) schema_name.remove_suffix(1);
  return schema_name;
}

std::string join_names(std::initializer_list<std::string_view> schema) {
  std::string s;
  for (std::string_view name : schema) {
    if (!s.empty()) s += ", ";
    s += bare(name);
  }
  return s;
}

}  // namespace

// ---- Param

Param Param::scalar(std::string text, SourceLocation where) {
  Param p;
  p.kind_ = Kind::scalar;
  p.text_ = std::move(text);
  p.where_ = std::move(where);
  return p;
}

Param Param::list(std::vector<Param> items, SourceLocation where) {
  Param p;
  p.kind_ = Kind::list;
  p.items_ = std::move(items);
  p.where_ = std::move(where);
  return p;
}

Param Param::map(std::vector<std::pair<std::string, Param>> entries, SourceLocation where) {
  Param p;
  p.kind_ = Kind::map;
  p.entries_ = std::move(entries);
  p.where_ = std::move(where);
  return p;
}

Param Param::map(std::vector<std::pair<std::string, Param>> entries,
                 std::vector<SourceLocation> key_wheres, SourceLocation where) {
  if (key_wheres.size() != entries.size()) {
    throw RulesError("Param::map: " + std::to_string(entries.size()) + " entries but " +
                     std::to_string(key_wheres.size()) + " key locations");
  }
  Param p = map(std::move(entries), std::move(where));
  p.key_wheres_ = std::move(key_wheres);
  return p;
}

const std::string& Param::text() const {
  if (is_map() && !entries_.empty() &&
      std::all_of(entries_.begin(), entries_.end(),
                  [](const auto& e) { return e.second.is_scalar() && e.second.text_.empty(); })) {
    // `cost: {R}` unquoted: YAML reads braces as a map of keys without values, which is never
    // what a card's author meant by them.
    const std::string braced = entries_.size() == 1 ? "{" + entries_[0].first + "}" : "{…}";
    fail("expected a single value, found a map: YAML reads " + braced +
             " unquoted as a map, not as text",
         "quote it: \"" + braced + "\"");
  }
  if (!is_scalar()) fail(std::string("expected a single value, found ") + kind_name(kind_));
  return text_;
}

std::int64_t Param::integer() const {
  const std::string& t = text();
  std::string_view digits = t;
  if (digits.starts_with('+')) digits.remove_prefix(1);  // from_chars refuses '+'
  const char* last = digits.data() + digits.size();
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(digits.data(), last, value);
  if (ec == std::errc::result_out_of_range) fail("the number '" + t + "' is too large");
  if (ec != std::errc() || end != last || t.starts_with("+-"))
    fail("expected a whole number, found '" + t + "'");
  return value;
}

bool Param::boolean() const {
  const std::string& t = text();
  // YAML 1.1 spellings too: yaml-cpp accepts them, so authors write them.
  for (const char* yes : {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON"})
    if (t == yes) return true;
  for (const char* no : {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"})
    if (t == no) return false;
  fail("expected true or false, found '" + t + "'");
}

const std::vector<Param>& Param::items() const {
  if (!is_list()) fail(std::string("expected a list, found ") + kind_name(kind_));
  return items_;
}

namespace {
thread_local ParamAudit* t_audit = nullptr;  // the innermost ParamAudit of this thread

// A key find() looked for in vain while `audit` noted (ParamAudit::asked). Kept here, beside the
// audits, rather than in ParamAudit: its layout is part of the plugin ABI, so it stays as it was.
struct Asked {
  const ParamAudit* audit;
  const Param* map;
  std::string key;
};
thread_local std::vector<Asked> t_asked;
}  // namespace

const std::vector<std::pair<std::string, Param>>& Param::entries() const {
  if (!is_map()) fail(std::string("expected a map of 'key: value', found ") + kind_name(kind_));
  if (t_audit)
    for (const auto& entry : entries_) t_audit->note(&entry.second);
  return entries_;
}

const Param* Param::find(std::string_view key) const {
  if (!is_map()) return nullptr;
  for (const auto& [k, v] : entries_)
    if (k == key) {
      if (t_audit) t_audit->note(&v);
      return &v;
    }
  if (t_audit) t_asked.push_back({t_audit, this, std::string(key)});
  return nullptr;
}

const SourceLocation& Param::key_where(std::size_t i) const {
  if (!is_map()) fail(std::string("expected a map of 'key: value', found ") + kind_name(kind_));
  if (i >= entries_.size()) {
    throw RulesError("Param::key_where(" + std::to_string(i) + ") of a map of " +
                     std::to_string(entries_.size()) + " entries");
  }
  return key_wheres_.empty() ? entries_[i].second.where() : key_wheres_[i];
}

// ---- ParamAudit

ParamAudit::ParamAudit() : outer_(t_audit) { t_audit = this; }
ParamAudit::~ParamAudit() {
  t_audit = outer_;
  std::erase_if(t_asked, [this](const Asked& a) { return a.audit == this; });
}

void ParamAudit::note(const Param* value) { read_.push_back(value); }

std::vector<ParamAudit::Unread> ParamAudit::unread(const Param& root) const {
  std::vector<const Param*> read = read_;
  std::sort(read.begin(), read.end());
  const auto was_read = [&](const Param* v) {
    return std::binary_search(read.begin(), read.end(), v);
  };
  std::vector<Unread> out;
  // Recursion on the tree's depth, which the loaders bound (YamlLimits, the JSON reader's).
  const auto walk = [&](const auto& self, const Param& p) -> void {
    if (p.is_list()) {
      for (const Param& item : p.items_) self(self, item);
    } else if (p.is_map()) {
      for (std::size_t i = 0; i < p.entries_.size(); ++i) {
        const auto& [key, value] = p.entries_[i];
        if (was_read(&value))
          self(self, value);
        else
          out.push_back({&p, key, p.key_where(i), &value});
      }
    }
  };
  walk(walk, root);
  return out;
}

std::vector<std::string> ParamAudit::asked(const Param& map) const {
  std::vector<std::string> out;
  for (const Asked& a : t_asked)
    if (a.audit == this && a.map == &map && std::find(out.begin(), out.end(), a.key) == out.end())
      out.push_back(a.key);
  return out;
}

ParamAudit::Pause::Pause() : paused_(t_audit) { t_audit = nullptr; }
ParamAudit::Pause::~Pause() { t_audit = paused_; }

void Param::fail(std::string problem, std::string hint) const {
  throw LoadError(where_, std::move(problem), std::move(hint));
}

// ---- Bound

const Param& Bound::required(std::string_view name) const {
  for (const auto& [n, p] : values_) {
    if (n != name) continue;
    if (!p) params_->fail("'" + params_->keyword() + "' needs a value for '" + n + "'");
    return *p;
  }
  // The handler asked for a name it did not put in its schema: a plugin bug, said plainly.
  params_->fail("'" + std::string(name) + "' is not in the parameter list of '" +
                params_->keyword() + "' (a bug in its keyword handler)");
}

const Param* Bound::optional(std::string_view name) const {
  for (const auto& [n, p] : values_)
    if (n == name) return p;
  params_->fail("'" + std::string(name) + "' is not in the parameter list of '" +
                params_->keyword() + "' (a bug in its keyword handler)");
}

// ---- Params

Params Params::parse_classic(std::string_view line, SourceLocation where) {
  // Columns are 1-based; a location for "the whole line" starts the line at column 1.
  const std::uint32_t first_column = where.column == 0 ? 1 : where.column;
  auto at = [&](std::size_t offset) {
    SourceLocation loc = where;
    loc.column = first_column + static_cast<std::uint32_t>(offset);
    return loc;
  };
  Params p;
  p.where_ = at(0);
  std::size_t start = 0;
  bool first = true;
  while (true) {
    const std::size_t colon = line.find(':', start);
    const std::string_view part =
        line.substr(start, colon == std::string_view::npos ? colon : colon - start);
    if (first) {
      p.keyword_ = std::string(part);
      first = false;
    } else {
      p.values_.push_back(Param::scalar(std::string(part), at(start)));
    }
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  return p;
}

Params Params::positional(std::string keyword, std::vector<Param> values, SourceLocation where) {
  Params p;
  p.keyword_ = std::move(keyword);
  p.values_ = std::move(values);
  p.where_ = std::move(where);
  return p;
}

Params Params::named(std::string keyword, std::vector<std::pair<std::string, Param>> values,
                     SourceLocation where) {
  Params p;
  p.keyword_ = std::move(keyword);
  p.named_ = true;
  p.named_values_ = std::move(values);
  p.where_ = std::move(where);
  return p;
}

Params Params::named_map(std::string keyword, const Param& map, SourceLocation where) {
  Params p = named(std::move(keyword), map.entries(), std::move(where));
  for (std::size_t i = 0; i < p.named_values_.size(); ++i)
    p.name_wheres_.push_back(map.key_where(i));
  return p;
}

const Param* Params::at(std::size_t i) const {
  return !named_ && i < values_.size() ? &values_[i] : nullptr;
}

const Param* Params::get(std::string_view name) const {
  if (!named_) return nullptr;
  for (const auto& [n, v] : named_values_)
    if (n == name) return &v;
  return nullptr;
}

Bound Params::bind(std::initializer_list<std::string_view> schema) const {
  Bound b;
  b.params_ = this;
  for (std::string_view name : schema) b.values_.emplace_back(std::string(bare(name)), nullptr);

  if (!named_) {
    if (values_.size() > schema.size()) {
      values_[schema.size()].fail(
          "'" + keyword_ + "' takes at most " + std::to_string(schema.size()) +
          (schema.size() == 1 ? " value (" : " values (") + join_names(schema) + "); found " +
          std::to_string(values_.size()));
    }
    for (std::size_t i = 0; i < values_.size(); ++i) b.values_[i].second = &values_[i];
    return b;
  }

  std::vector<std::string> names;
  for (const auto& [n, p] : b.values_) names.push_back(n);
  for (std::size_t i = 0; i < named_values_.size(); ++i) {
    const std::string& key = named_values_[i].first;
    const Param& value = named_values_[i].second;
    const SourceLocation& key_where = name_wheres_.empty() ? value.where() : name_wheres_[i];
    auto slot = std::find_if(b.values_.begin(), b.values_.end(),
                             [&key](const auto& v) { return v.first == key; });
    if (slot == b.values_.end()) {
      throw LoadError(
          key_where,
          "'" + keyword_ + "' has no parameter '" + key + "' (it takes " + join_names(schema) + ")",
          did_you_mean(key, names));
    }
    if (slot->second) throw LoadError(key_where, "'" + key + "' is given twice");
    slot->second = &value;
  }
  return b;
}

void Params::fail(std::string problem, std::string hint) const {
  throw LoadError(where_, std::move(problem), std::move(hint));
}

ANVIL_END_NAMESPACE
