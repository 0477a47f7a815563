// value-doubled: the smallest useful Anvil plugin. It registers the value function "Doubled":
// a card script writes `Doubled$<n>` (the part before '$' picks the function, as in
// `Count$YourLifeTotal`), the host hands `compile` the part after it, "<n>", once at load time,
// and the compiled expression is worth 2 × n whenever a game evaluates it.
//
//   Doubled$3    -> 6, described as "twice 3"
//   Doubled$x    -> LoadError at the card's file:line:column: "Doubled$ needs a whole number …"
#include <anvil/sdk.hpp>
#include <charconv>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>

namespace {

// Compiled once per card; evaluated during games with no string work.
class TwiceN final : public anvil::ValueExpr {
 public:
  explicit TwiceN(std::int64_t n) : n_(n) {}
  std::int64_t eval(const anvil::Game&, const anvil::ResolveContext&) const override {
    return 2 * n_;
  }
  std::string describe() const override { return "twice " + std::to_string(n_); }

 private:
  std::int64_t n_;
};

class Doubled final : public anvil::ValueFunction {
 public:
  std::shared_ptr<const anvil::ValueExpr> compile(std::string_view expr,
                                                  anvil::CompileContext& ctx) const override {
    // Half the range either way, so that 2 × n cannot overflow mid-game.
    constexpr std::int64_t kLimit = std::numeric_limits<std::int64_t>::max() / 2;
    std::int64_t n = 0;
    const char* end = expr.data() + expr.size();
    const auto [stop, ec] = std::from_chars(expr.data(), end, n);
    if (expr.empty() || ec != std::errc() || stop != end || n > kLimit || n < -kLimit)
      throw anvil::LoadError(ctx.where,
                             "Doubled$ needs a whole number, got '" + std::string(expr) + "'",
                             "write it as Doubled$3");
    return std::make_shared<TwiceN>(n);
  }
};

}  // namespace

ANVIL_PLUGIN("value-doubled", "1.0.0", "Doubled$<n>: twice n") {
  registrar.add<anvil::ValueFunction>("Doubled", std::make_shared<Doubled>());
}
