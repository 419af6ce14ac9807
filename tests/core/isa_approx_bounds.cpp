// Error bounds of the approximate instructions (PTX ISA 9.7.3 Floating-Point
// Instructions, 9.7.4 Half Precision Floating-Point Instructions), as the
// ISA's "maximum error" sentences give them, with the adjustments the H100
// recording (tests/data/isa, golden-isa_*.json.gz) shows to be needed:
//
//   div.approx.f32, div.full.f32    2 ulp over the full range
//   rcp.approx.f32                  1 ulp
//   sqrt.approx.f32                 relative 2^-23
//   rsqrt.approx.f32                relative 2^-22.9
//   sin/cos.approx.f32              absolute 2^-20.5, measured against
//                                   sin/cos of the angle the H100 reduces
//                                   (x * 0x3e22f983 rounded toward zero, in
//                                   turns): against sin(x) itself the H100
//                                   is off by up to 2^-16 inside the ISA's
//                                   [-100 pi, 100 pi]
//   lg2.approx.f32                  absolute 2^-22.6, plus 1 ulp of the
//                                   result: the H100 gives -126.99999 for
//                                   lg2(2^-127)
//   ex2.approx.f32                  2 ulp
//   tanh.approx.f32                 relative 2^-10.987
//   ex2.approx f16 / bf16           relative 2^-9.9 / 2^-7, plus one ulp: the
//                                   H100 truncates f16 results (0x102 where
//                                   2^a is 0x102.c9 in subnormal ulps)
//   tanh.approx f16 / bf16          relative 2^-10.987 / 2^-8, plus half an ulp
//   rsqrt.approx.f64                1 ulp (the H100 is correctly rounded on
//                                   every recorded input)
//   rcp/rsqrt.approx.ftz.f64        relative 2^-19: they use the upper 32
//                                   bits of a (1.11.20) and return 20
//                                   mantissa bits; the low word is 0
#include "tests/core/isa_approx_bounds.hpp"

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <numbers>

namespace ws::test {
namespace {

struct Layout {
  int expBits, manBits;
  int width() const { return 1 + expBits + manBits; }
  int bias() const { return (1 << (expBits - 1)) - 1; }
};

Layout layoutOf(ElemFormat f) {
  switch (f) {
    case ElemFormat::F16: return {5, 10};
    case ElemFormat::BF16: return {8, 7};
    case ElemFormat::F32: return {8, 23};
    case ElemFormat::F64: return {11, 52};
  }
  return {8, 23};
}

enum class Kind : std::uint8_t { Zero, Subnormal, Normal, Inf, NaN };

struct Value {
  Kind kind = Kind::Zero;
  bool neg = false;
  long double v = 0;  // exact value of finite bits
};

Value decode(std::uint64_t bits, ElemFormat f) {
  const Layout l = layoutOf(f);
  Value x;
  x.neg = ((bits >> (l.width() - 1)) & 1u) != 0;
  const std::uint64_t e = (bits >> l.manBits) & ((std::uint64_t{1} << l.expBits) - 1);
  const std::uint64_t m = bits & ((std::uint64_t{1} << l.manBits) - 1);
  if (e == (std::uint64_t{1} << l.expBits) - 1) {
    x.kind = m != 0 ? Kind::NaN : Kind::Inf;
    return x;
  }
  if (e == 0) {
    x.kind = m == 0 ? Kind::Zero : Kind::Subnormal;
    x.v = std::ldexp(static_cast<long double>(m), 1 - l.bias() - l.manBits);
  } else {
    x.kind = Kind::Normal;
    x.v = std::ldexp(static_cast<long double>(m | (std::uint64_t{1} << l.manBits)),
                     static_cast<int>(e) - l.bias() - l.manBits);
  }
  if (x.neg) x.v = -x.v;
  return x;
}

bool special(const Value& x) { return x.kind == Kind::Zero || x.kind == Kind::Inf || x.kind == Kind::NaN; }

// One unit in the last place of fmt at the magnitude of t (subnormal spacing below the normal range).
long double ulpAt(long double t, ElemFormat f) {
  const Layout l = layoutOf(f);
  int e = std::ilogb(t);
  if (e < 1 - l.bias()) e = 1 - l.bias();
  return std::ldexp(1.0L, e - l.manBits);
}

// x * 0x3e22f983 (1 / (2 pi) in f32) rounded toward zero to f32: the angle in
// turns that MUFU.SIN / MUFU.COS receive (tests/data/hw/alu.md).
long double turnsOf(float x) {
  const double p = static_cast<double>(x) * static_cast<double>(std::bit_cast<float>(0x3e22f983u));  // exact
  if (p == 0) return 0;
  const int e = std::ilogb(p);
  const double q = std::ldexp(1.0, (e < -126 ? -126 : e) - 23);
  return static_cast<long double>(std::trunc(p / q) * q);
}

// The value the instruction approximates, in long double; nullopt where it
// has none (the special cases are compared bit for bit instead).
std::optional<long double> truthOf(const ApproxForm& f, const std::vector<std::uint64_t>& ops) {
  std::vector<Value> in;
  for (std::uint64_t b : ops) {
    // The .ftz.f64 forms read the upper 32 bits of a only.
    if (f.fmt == ElemFormat::F64 && f.ftz) b &= 0xffffffff00000000ull;
    Value v = decode(b, f.fmt);
    if (v.kind == Kind::NaN || v.kind == Kind::Inf) return std::nullopt;
    if (f.ftz && v.kind == Kind::Subnormal) return std::nullopt;  // flushed: a special result
    in.push_back(v);
  }
  const long double a = in[0].v;
  if (f.op == "div") return a / in[1].v;
  if (f.op == "rcp") return 1.0L / a;
  if (f.op == "sqrt") return std::sqrt(a);
  if (f.op == "rsqrt") return 1.0L / std::sqrt(a);
  if (f.op == "lg2") return std::log2(a);
  if (f.op == "ex2") return std::exp2(a);
  if (f.op == "tanh") return std::tanh(a);
  if (f.op == "sin" || f.op == "cos") {
    if (in[0].kind == Kind::Subnormal) return std::nullopt;  // the H100 flushes them, .ftz or not
    const long double turns = turnsOf(static_cast<float>(a));
    const long double frac = turns - std::nearbyint(turns);  // exact
    const long double angle = 2 * std::numbers::pi_v<long double> * frac;
    return f.op == "sin" ? std::sin(angle) : std::cos(angle);
  }
  return std::nullopt;
}

std::string hex(std::uint64_t v) { return fmt::format("{:#x}", v); }

}  // namespace

std::optional<ApproxForm> approxFormOf(std::string_view ptx) {
  const std::string_view mnemonic = ptx.substr(0, ptx.find(' '));
  std::vector<std::string_view> parts;
  for (std::size_t b = 0; b <= mnemonic.size();) {
    const std::size_t e = std::min(mnemonic.find('.', b), mnemonic.size());
    parts.push_back(mnemonic.substr(b, e - b));
    b = e + 1;
  }
  ApproxForm f;
  f.op = std::string(parts.front());
  const std::string_view type = parts.back();
  for (std::string_view p : parts) {
    if (p == "ftz") f.ftz = true;
    if (p == "full") f.full = true;
  }
  if (type == "f32") f.fmt = ElemFormat::F32;
  else if (type == "f64") f.fmt = ElemFormat::F64;
  else if (type == "f16" || type == "f16x2") f.fmt = ElemFormat::F16;
  else if (type == "bf16" || type == "bf16x2") f.fmt = ElemFormat::BF16;
  else return std::nullopt;
  f.packed = type.ends_with("x2");
  const bool half = f.fmt == ElemFormat::F16 || f.fmt == ElemFormat::BF16;
  const bool bf = f.fmt == ElemFormat::BF16;
  if (f.op == "div") f.ulps = 2;
  else if (f.op == "rcp" && f.fmt == ElemFormat::F32) f.ulps = 1;
  else if (f.op == "sqrt") f.rel = 0x1p-23;
  else if (f.op == "rsqrt" && f.fmt == ElemFormat::F32) f.rel = std::exp2(-22.9);
  else if ((f.op == "rcp" || f.op == "rsqrt") && f.fmt == ElemFormat::F64) {
    if (f.ftz) f.rel = 0x1p-19;
    else f.ulps = 1;
  } else if (f.op == "sin" || f.op == "cos") f.abs = std::exp2(-20.5);
  else if (f.op == "lg2") f.abs = std::exp2(-22.6), f.ulps = 1;
  else if (f.op == "ex2" && !half) f.ulps = 2;
  else if (f.op == "ex2") f.rel = bf ? 0x1p-7 : std::exp2(-9.9), f.ulps = 1;
  else if (f.op == "tanh" && !half) f.rel = std::exp2(-10.987);
  else if (f.op == "tanh") f.rel = bf ? 0x1p-8 : std::exp2(-10.987), f.ulps = 0.5;
  else return std::nullopt;
  return f;
}

std::string checkApprox(const ApproxForm& f, const std::vector<std::uint64_t>& operands, std::uint64_t engine,
                        std::uint64_t h100) {
  if (engine == h100) return "";
  const Value e = decode(engine, f.fmt), h = decode(h100, f.fmt);
  if (special(e) || special(h))
    return fmt::format("special value: engine {}, H100 {} (must be equal)", hex(engine), hex(h100));
  if (e.neg != h.neg) return fmt::format("sign: engine {}, H100 {}", hex(engine), hex(h100));
  if (f.fmt == ElemFormat::F64 && f.ftz && ((engine | h100) & 0xffffffffu) != 0)
    return fmt::format("low word must be 0: engine {}, H100 {}", hex(engine), hex(h100));
  const std::optional<long double> t = truthOf(f, operands);
  if (!t || !std::isfinite(*t)) return fmt::format("engine {}, H100 {} where no finite value is expected", hex(engine), hex(h100));
  const long double bound = static_cast<long double>(f.ulps) * ulpAt(*t, f.fmt) +
                            static_cast<long double>(f.rel) * std::fabs(*t) + static_cast<long double>(f.abs);
  const long double errE = std::fabs(e.v - *t), errH = std::fabs(h.v - *t);
  if (errE > bound)
    return fmt::format("engine {} is {:.3g} from {:.9g} (bound {:.3g}; H100 {})", hex(engine),
                       static_cast<double>(errE), static_cast<double>(*t), static_cast<double>(bound), hex(h100));
  if (errH > bound)
    return fmt::format("the H100's {} is {:.3g} from {:.9g}, outside the bound {:.3g}: the bound is wrong", hex(h100),
                       static_cast<double>(errH), static_cast<double>(*t), static_cast<double>(bound));
  return "";
}

}  // namespace ws::test
